// tsc writes dist/cli.js without the execute bit. npm sets it when it links the `bin` of an
// installed package, but `npx mcp-gen` inside this folder may reuse a link it made for an
// earlier build (a folder cloned again, a `dist/` deleted and rebuilt) and then fails with
// "Permission denied". Every build runs this after tsc.
import { chmodSync, statSync } from "node:fs";

const bin = new URL("../dist/cli.js", import.meta.url);
chmodSync(bin, statSync(bin).mode | 0o111);
