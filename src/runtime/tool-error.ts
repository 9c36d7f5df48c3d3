/**
 * Thrown by a handler to fail a call with a message meant for the model:
 * the result carries `isError: true` and this message. Any other exception
 * is reported to the client only as a generic failure.
 */
export class ToolError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ToolError";
  }
}
