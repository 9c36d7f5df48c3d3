/** `generated/server.ts`: `createServer(handlers, options)` on the runtime. */
import type { ProjectModel } from "../../spec/model.js";
import type { EmitContext } from "../shared/emitter.js";
import type { GeneratedFile } from "../shared/generated-file.js";
import { generatedHeader, specFiles } from "../shared/header.js";
import { renderTemplate, tsString } from "../shared/templates.js";

/** The emitter (src/emit/shared/emitter.ts). */
export function emit(model: ProjectModel, _context?: EmitContext): GeneratedFile[] {
  return emitServer(model);
}

export function emitServer(model: ProjectModel): GeneratedFile[] {
  const render = () =>
    renderTemplate("server.ts", {
      header: generatedHeader(specFiles(model)),
      name: tsString(model.server.name),
      version: tsString(model.server.version),
    });
  return [{ area: "generated", path: "server.ts", mode: "generated", render }];
}
