/**
 * Edits of an authored file as positions in its original text: whatever no edit
 * covers stays byte for byte, comments and formatting included.
 */
export interface TextEdit {
  /** Where the edit starts, in the original text. */
  position: number;
  /** Where the replaced text ends; absent for a pure insertion. */
  end?: number;
  text: string;
}

export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  // Back to front, so that each position still refers to the original text.
  const sorted = edits.map((edit, order) => ({ ...edit, order })).sort((a, b) => b.position - a.position || b.order - a.order);
  let result = text;
  for (const edit of sorted) result = result.slice(0, edit.position) + edit.text + result.slice(edit.end ?? edit.position);
  return result;
}
