#!/usr/bin/env node
/**
 * Prepares the documentation site's pages that live elsewhere in the repository: the demo's
 * generated tool reference (generated/docs/*.md) is copied to docs/demo/, so the site shows
 * exactly what `generate` wrote for the demo. docs/demo/ is not committed (.gitignore).
 */
import { cpSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const from = path.join(ROOT, "generated", "docs");
const to = path.join(ROOT, "docs", "demo");
rmSync(to, { recursive: true, force: true });
mkdirSync(to, { recursive: true });
for (const name of readdirSync(from)
  .filter((name) => name.endsWith(".md"))
  .sort())
  cpSync(path.join(from, name), path.join(to, name));
