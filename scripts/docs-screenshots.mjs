#!/usr/bin/env node
/**
 * Screenshots of the built documentation site (npm run docs:build first) in headless
 * Chromium, at a desktop and a phone width: the home page, a guide page and a reference page,
 * written to docs/screenshots/site-<page>-<width>.png for the README.
 *
 *   node scripts/docs-screenshots.mjs     (CHROMIUM_PATH picks the browser; default /usr/bin/chromium)
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DIST = path.join(ROOT, "docs", ".vitepress", "dist");
const OUT = path.join(ROOT, "docs", "screenshots");
const TYPES = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".json": "application/json",
};

const PAGES = [
  { name: "home", url: "/" },
  { name: "guide", url: "/guide/getting-started" },
  { name: "reference", url: "/reference/cli" },
];
const WIDTHS = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true, deviceScaleFactor: 2 },
];

if (!existsSync(path.join(DIST, "index.html"))) {
  console.error("docs/.vitepress/dist/ is missing: run npm run docs:build first");
  process.exit(2);
}

/** The built site as VitePress's cleanUrls expects it served: /a/b is /a/b.html. */
function resolveFile(urlPath) {
  const clean = path.normalize(decodeURIComponent(urlPath.split("?")[0])).replace(/^(\.\.[/\\])+/, "");
  for (const candidate of [clean, `${clean}.html`, path.join(clean, "index.html")]) {
    const full = path.join(DIST, candidate);
    if (full.startsWith(DIST) && existsSync(full) && statSync(full).isFile()) return full;
  }
  return undefined;
}

const server = createServer((request, response) => {
  const file = resolveFile(request.url ?? "/");
  if (!file) {
    response.writeHead(404).end("not found");
    return;
  }
  response.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" }).end(readFileSync(file));
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  for (const width of WIDTHS) {
    const context = await browser.newContext({
      viewport: width.viewport,
      isMobile: width.isMobile ?? false,
      deviceScaleFactor: width.deviceScaleFactor ?? 1,
      colorScheme: "light",
    });
    const page = await context.newPage();
    for (const { name, url } of PAGES) {
      await page.goto(`${base}${url}`, { waitUntil: "networkidle" });
      await page.waitForSelector(".VPContent");
      const file = path.join(OUT, `site-${name}-${width.name}.png`);
      await page.screenshot({ path: file });
      console.log(`wrote ${path.relative(ROOT, file)}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
