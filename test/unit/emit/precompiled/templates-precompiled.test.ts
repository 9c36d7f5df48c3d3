import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import { TEMPLATE_NAMES, TEMPLATE_OPTIONS, templatesDir } from "../../../../src/emit/shared/template-names.js";
import { precompiledTemplatesSource } from "../../../../src/emit/shared/templates-codegen.js";
import { renderTemplate } from "../../../../src/emit/shared/templates.js";

describe("src/emit/precompiled/templates.ts", () => {
  it("is handlebars' precompiled code for templates/*.hbs as they are now (else: npm run build:precompiled)", () => {
    const committed = readFileSync(new URL("../../../../src/emit/precompiled/templates.ts", import.meta.url), "utf8");
    expect(committed).toBe(precompiledTemplatesSource());
    for (const name of TEMPLATE_NAMES) expect(committed).toContain(`  ${JSON.stringify(name)}: {`);
    expect(committed.match(/"compiler":\[8,/g)).toHaveLength(TEMPLATE_NAMES.length);
  });

  it("renders as the template compiled at run time does, and is strict about missing variables", () => {
    const compiled = Handlebars.create().compile(readFileSync(new URL("server.ts.hbs", templatesDir), "utf8"), TEMPLATE_OPTIONS);
    const context = { header: "// header <&>", name: '"demo"', version: '"1.0.0"' };
    const expected = compiled(context);
    expect(renderTemplate("server.ts", context)).toBe(expected);
    // noEscape: the text goes in as it is.
    expect(expected).toContain("// header <&>");
    expect(() => renderTemplate("server.ts", {})).toThrow(/not defined/);
  });
});
