/**
 * The `mcpServers` entry a desktop client (Claude Desktop, Cursor, VS Code and most
 * others use this shape) needs to launch the server. Only the name is known here; the
 * path is the reader's, so it is a visible placeholder.
 */
import type { ServerInfo } from "../../config/config.js";

export const SERVER_PATH_PLACEHOLDER = "/absolute/path/to/your/server.js";

export function clientConfigJson(server: ServerInfo): string {
  return JSON.stringify({ mcpServers: { [server.name]: { command: "node", args: [SERVER_PATH_PLACEHOLDER] } } }, null, 2);
}
