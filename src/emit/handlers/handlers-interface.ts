/** `generated/handlers.ts`: the `ToolHandlers` interface that `handlers/index.ts` satisfies. */
import type { ProjectModel } from "../../spec/model.js";
import type { EmitContext } from "../shared/emitter.js";
import type { GeneratedFile } from "../shared/generated-file.js";
import { generatedHeader, specFiles } from "../shared/header.js";
import { renderKey, renderTemplate, tsIdentifier, tsString } from "../shared/templates.js";

/** The emitter (src/emit/shared/emitter.ts). */
export function emit(model: ProjectModel, _context?: EmitContext): GeneratedFile[] {
  return emitHandlersInterface(model);
}

export function emitHandlersInterface(model: ProjectModel): GeneratedFile[] {
  const tools = model.tools.map((tool) => ({
    nameLiteral: tsString(tool.name),
    handlerType: tsIdentifier(tool.ids.handlerType),
    toolModule: tsString(`./${tool.ids.module}.js`),
  }));
  const context = { header: generatedHeader(specFiles(model)), tools };
  return [
    { area: "generated", path: "handlers.ts", mode: "generated", key: renderKey("handlers.ts", context), render: () => renderTemplate("handlers.ts", context) },
  ];
}
