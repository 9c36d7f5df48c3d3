/** `generated/handlers.ts`: the `ToolHandlers` interface that `handlers/index.ts` satisfies. */
import type { ProjectModel } from "../../spec/model.js";
import type { GeneratedFile, ReuseShared } from "../shared/generated-file.js";
import { generatedHeader, specFiles } from "../shared/header.js";
import { renderKey, renderTemplate, tsIdentifier, tsString } from "../shared/templates.js";

export function emitHandlersInterface(model: ProjectModel, reuse?: ReuseShared): GeneratedFile[] {
  const tools = model.tools.map((tool) => ({
    nameLiteral: tsString(tool.name),
    handlerType: tsIdentifier(tool.ids.handlerType),
    toolModule: tsString(`./${tool.ids.module}.js`),
  }));
  const context = { header: generatedHeader(specFiles(model)), tools };
  if (reuse?.("handlers.ts", renderKey("handlers.ts", context))) return [];
  return [{ area: "generated", path: "handlers.ts", contents: renderTemplate("handlers.ts", context), mode: "generated" }];
}
