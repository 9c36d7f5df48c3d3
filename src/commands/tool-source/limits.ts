/** Limits of importing from a live server, kept apart so the CLI can show them without loading the SDK client. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** A server whose cursors never end is a bug; stop long before memory runs out. */
export const MAX_PAGES = 1000;
