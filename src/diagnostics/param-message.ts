/**
 * A message template with named parameters, written as a tagged template so that the
 * names are part of its type: `` paramMessage`tool \`${"tool"}\` has no examples` `` is a
 * `ParamMessage<"tool">`, and a call site that leaves `tool` out does not compile.
 */
export interface ParamMessage<P extends string> {
  /** The literal text around the parameters (one more than `params`). */
  readonly parts: readonly string[];
  readonly params: readonly P[];
}

/** A catalogue message: fixed text, or a template with parameters. */
export type MessageTemplate = string | ParamMessage<string>;

export type ParamsOf<T> = T extends ParamMessage<infer P> ? P : never;

export type MessageValue = string | number;

export function paramMessage<const P extends readonly string[]>(strings: TemplateStringsArray, ...params: P): ParamMessage<P[number]> {
  return { parts: [...strings], params };
}

export function formatMessage(message: MessageTemplate, format: Readonly<Record<string, MessageValue>> | undefined): string {
  if (typeof message === "string") return message;
  let text = message.parts[0];
  for (let i = 0; i < message.params.length; i++) text += String(format![message.params[i]]) + message.parts[i + 1];
  return text;
}

/** The template as the docs show it: `tool {tool} has no examples`. */
export function templateText(message: MessageTemplate): string {
  if (typeof message === "string") return message;
  return message.parts.reduce((text, part, i) => text + `{${message.params[i - 1]}}` + part);
}
