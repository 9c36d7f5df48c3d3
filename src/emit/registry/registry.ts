/**
 * `generated/registry.ts`: the ordered `tools/list` payload and, by name, each tool's
 * definition with its precompiled validators, the scopes its spec's `auth` requires and how
 * its tasks behave (`task`).
 */
import type { ProjectModel } from "../../spec/model.js";
import type { EmitContext } from "../shared/emitter.js";
import type { GeneratedFile } from "../shared/generated-file.js";
import { generatedHeader, specFiles } from "../shared/header.js";
import { renderKey, renderTemplate, tsIdentifier, tsString } from "../shared/templates.js";

/** The emitter (src/emit/shared/emitter.ts). */
export function emit(model: ProjectModel, _context?: EmitContext): GeneratedFile[] {
  return emitRegistry(model);
}

export function emitRegistry(model: ProjectModel): GeneratedFile[] {
  const tools = model.tools.map((tool) => {
    return {
      nameLiteral: tsString(tool.name),
      // `"__proto__": x` in an object literal sets the prototype; a computed key makes a property.
      registryKey: tool.name === "__proto__" ? `[${tsString(tool.name)}]` : tsString(tool.name),
      definition: tsIdentifier(tool.ids.definition),
      definitionModule: tsString(`./${tool.ids.module}.js`),
      validateInput: tsIdentifier(tool.ids.inputValidator),
      validateOutput: tool.wire.outputSchema ? tsIdentifier(tool.ids.outputValidator) : null,
      scopes: tool.auth ? tool.auth.scopes.map(tsString).join(", ") : null,
      task: tool.task ? taskLiteral(tool.task) : null,
    };
  });
  const validators = tools.flatMap((tool) => (tool.validateOutput ? [tool.validateInput, tool.validateOutput] : [tool.validateInput]));
  const context = { header: generatedHeader(specFiles(model)), tools, validators };
  return [
    { area: "generated", path: "registry.ts", mode: "generated", key: renderKey("registry.ts", context), render: () => renderTemplate("registry.ts", context) },
  ];
}

/** `{ ttl: 600000, pollInterval: 2000 }`, with the members the spec sets. */
function taskLiteral(task: { ttl?: number; pollInterval?: number }): string {
  const members = [...(task.ttl === undefined ? [] : [`ttl: ${task.ttl}`]), ...(task.pollInterval === undefined ? [] : [`pollInterval: ${task.pollInterval}`])];
  return members.length === 0 ? "{}" : `{ ${members.join(", ")} }`;
}
