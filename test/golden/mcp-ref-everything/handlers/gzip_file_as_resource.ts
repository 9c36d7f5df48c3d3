import { ToolError } from "mcp-gen/runtime";
import type { GzipFileAsResourceHandler } from "../generated/tools/gzip_file_as_resource.js";

/** Compresses a single file using gzip compression. Depending upon the selected output type, returns either the compressed data as a gzipped resource or a resource link, allowing it to be downloaded in a subsequent request during the current session. */
export const gzipFileAsResource: GzipFileAsResourceHandler = async (input, context) => {
  throw new ToolError("gzip-file-as-resource is not implemented yet");
};
