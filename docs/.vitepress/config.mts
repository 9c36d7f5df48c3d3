import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitepress";

// The demo's tool pages, copied from generated/docs/ by scripts/docs-site.mjs before a build.
const demoDir = fileURLToPath(new URL("../demo/", import.meta.url));
const demoPages = (() => {
  try {
    return readdirSync(demoDir).filter((name) => name.endsWith(".md") && name !== "index.md").sort().map((name) => name.slice(0, -3));
  } catch {
    return [];
  }
})();

export default defineConfig({
  title: "mcp-gen",
  description: "Compile YAML specs of MCP tools into typed TypeScript: types, validators, a registry, a server, docs and handler stubs.",
  cleanUrls: true,
  // Dead links fail the build (VitePress's default): the site is checked in CI by `npm run docs:build`.
  themeConfig: {
    nav: [
      { text: "Guide", link: "/guide/getting-started" },
      { text: "Reference", link: "/reference/cli" },
      { text: "Concepts", link: "/concepts/pipeline" },
      { text: "Benchmarks", link: "/benchmarks" },
      { text: "Example", link: "/demo/" },
    ],
    sidebar: [
      {
        text: "Guide",
        items: [
          { text: "Getting started", link: "/guide/getting-started" },
          { text: "Writing specs", link: "/guide/writing-specs" },
          { text: "Handlers and their context", link: "/guide/handlers" },
          { text: "Examples as tests", link: "/guide/examples" },
          { text: "Serving the tools", link: "/guide/serving" },
          { text: "Deployment", link: "/guide/deploy" },
          { text: "Long-running tools as tasks", link: "/guide/tasks" },
          { text: "Security", link: "/guide/security" },
          { text: "The authoring loop", link: "/guide/authoring-loop" },
          { text: "Monorepos", link: "/guide/monorepos" },
          { text: "Docs for your tools", link: "/guide/tool-docs" },
          { text: "What your tools cost a model", link: "/guide/budget" },
          { text: "CI recipes", link: "/guide/ci" },
          { text: "Calling a server from code", link: "/guide/calling-from-code" },
        ],
      },
      {
        text: "Reference",
        items: [
          { text: "CLI commands and flags", link: "/reference/cli" },
          { text: "The config file", link: "/reference/config" },
          { text: "The spec format", link: "/reference/spec-format" },
          { text: "Diagnostic codes and lint rules", link: "/reference/diagnostics" },
          { text: "Breaking changes (diff)", link: "/reference/diff" },
          { text: "Runtime API", link: "/reference/runtime-api" },
        ],
      },
      {
        text: "Concepts",
        items: [
          { text: "The pipeline", link: "/concepts/pipeline" },
          { text: "The build cache", link: "/concepts/build-cache" },
          { text: "The handler lifecycle", link: "/concepts/handler-lifecycle" },
          { text: "What is generated and why", link: "/concepts/generated" },
        ],
      },
      { text: "Benchmarks", link: "/benchmarks" },
      {
        text: "Example: the demo's tool reference",
        collapsed: true,
        items: [{ text: "All tools", link: "/demo/" }, ...demoPages.map((page) => ({ text: page, link: `/demo/${page}` }))],
      },
      {
        text: "Maintainers",
        collapsed: true,
        items: [
          { text: "Contributing", link: "/maintainers/contributing" },
          { text: "The layers of src/", link: "/maintainers/layers" },
          { text: "The build session", link: "/maintainers/session" },
          { text: "SDK notes", link: "/sdk-notes" },
        ],
      },
    ],
    search: { provider: "local" },
    outline: [2, 3],
  },
});
