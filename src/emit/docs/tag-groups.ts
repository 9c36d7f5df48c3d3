/**
 * The index's sections: one per tag (a tool with several tags is listed under each),
 * tags in code-unit order, untagged tools last. Without any tags there is one section.
 */
import type { ToolModel } from "../../spec/model.js";

export interface TagGroup {
  /** Undefined for the untagged tools. */
  tag?: string;
  heading: string;
  tools: ToolModel[];
}

export function tagGroups(tools: readonly ToolModel[]): TagGroup[] {
  const tags = [...new Set(tools.flatMap((tool) => tool.tags))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (tags.length === 0) return tools.length > 0 ? [{ heading: "Tools", tools: [...tools] }] : [];
  const groups: TagGroup[] = tags.map((tag) => ({ tag, heading: tag, tools: tools.filter((tool) => tool.tags.includes(tag)) }));
  const untagged = tools.filter((tool) => tool.tags.length === 0);
  // Named so that no tag's section has the same heading.
  if (untagged.length > 0) groups.push({ heading: tags.includes("Other tools") ? "Tools without a tag" : "Other tools", tools: untagged });
  return groups;
}
