/** `generated/handlers.ts`: the `ToolHandlers` interface that `handlers/index.ts` satisfies. */
import type { ProjectModel } from "../spec/model.js";
import type { GeneratedFile } from "./generated-file.js";
import { generatedHeader } from "./header.js";
import { specFiles } from "./registry.js";
import { renderTemplate, tsIdentifier, tsString } from "./templates.js";

export function emitHandlersInterface(model: ProjectModel): GeneratedFile[] {
  const tools = model.tools.map((tool) => ({
    nameLiteral: tsString(tool.name),
    handlerType: tsIdentifier(tool.ids.handlerType),
    toolModule: tsString(`./tools/${tool.ids.file}.js`),
  }));
  const contents = renderTemplate("handlers.ts", { header: generatedHeader(specFiles(model)), tools });
  return [{ area: "generated", path: "handlers.ts", contents, mode: "generated" }];
}
