import type { HelloHandler } from "../generated/tools/hello.js";

const GREETINGS = { en: "Hello, NAME!", fr: "Bonjour, NAME !", es: "¡Hola, NAME!" } as const;

/** Greets someone by name. Yours to change: mcp-gen never rewrites this file. */
export const hello: HelloHandler = async (input, context) => {
  // The state the server was given (state.ts): fresh for every example the tests run.
  const count = (context.state.greeted.get(input.name) ?? 0) + 1;
  context.state.greeted.set(input.name, count);
  const template = GREETINGS[input.language ?? "en"];
  return { greeting: template.replace("NAME", input.name), name: input.name, count };
};
