/** `generated/server.ts`: `createServer(handlers, options)` on the runtime. */
import type { ProjectModel } from "../../spec/model.js";
import type { GeneratedFile } from "../shared/generated-file.js";
import { generatedHeader, specFiles } from "../shared/header.js";
import { renderTemplate, tsString } from "../shared/templates.js";

export function emitServer(model: ProjectModel): GeneratedFile[] {
  const contents = renderTemplate("server.ts", {
    header: generatedHeader(specFiles(model)),
    name: tsString(model.server.name),
    version: tsString(model.server.version),
  });
  return [{ area: "generated", path: "server.ts", contents, mode: "generated" }];
}
