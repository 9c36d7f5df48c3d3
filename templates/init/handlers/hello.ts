import type { HelloHandler } from "../generated/tools/hello.js";

const GREETINGS = { en: "Hello, NAME!", fr: "Bonjour, NAME !", es: "¡Hola, NAME!" } as const;

/** Greets someone by name. Yours to change: mcp-gen never rewrites this file. */
export const hello: HelloHandler = async (input) => {
  const template = GREETINGS[input.language ?? "en"];
  return { greeting: template.replace("NAME", input.name) };
};
