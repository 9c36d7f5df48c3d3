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

/** Where the character at `position` of the original text is once `edits` are applied. */
export function positionAfterEdits(edits: readonly TextEdit[], position: number): number {
  let shift = 0;
  // Text inserted at `position` goes before the character there, as in `applyEdits`.
  for (const edit of edits) if ((edit.end ?? edit.position) <= position) shift += edit.text.length - ((edit.end ?? edit.position) - edit.position);
  return position + shift;
}

/** 1-based line and column of `position` in `text`, counted as ts-morph counts them. */
export function lineColumnAt(text: string, position: number): { line: number; column: number } {
  let line = 1;
  for (let at = text.indexOf("\n"); at !== -1 && at < position; at = text.indexOf("\n", at + 1)) line++;
  let lineStart = position;
  while (lineStart > 0 && text[lineStart - 1] !== "\n" && text[lineStart - 1] !== "\r") lineStart--;
  return { line, column: position - lineStart + 1 };
}
