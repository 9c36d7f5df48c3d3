/** The config file a folder is looked up for (kept apart so that cheap code paths can name it). */
export const CONFIG_FILE_NAME = "mcp-gen.config.yaml";
