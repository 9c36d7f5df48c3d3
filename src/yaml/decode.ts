/**
 * A YAML file's bytes as text: strict UTF-8, so a stray Latin-1 byte or a UTF-16 file is
 * reported at its line and column instead of being silently replaced.
 */
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { createDiagnostic } from "../diagnostics/messages.js";

/** Decodes UTF-8 strictly so that a stray Latin-1 byte is reported, not silently replaced. */
export function decodeUtf8(file: string, bytes: Uint8Array): { text?: string; diagnostic?: Diagnostic } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes) };
  } catch {
    const bad = firstInvalidUtf8Offset(bytes);
    // lastIndexOf with -1 would search from the end: a bad first byte is on line 1.
    const lineStart = bad === 0 ? 0 : bytes.lastIndexOf(0x0a, bad - 1) + 1;
    let line = 1;
    for (let i = 0; i < lineStart; i++) if (bytes[i] === 0x0a) line++;
    // Columns count UTF-16 units like every other diagnostic (the yaml LineCounter's unit).
    const column = new TextDecoder("utf-8").decode(bytes.subarray(lineStart, bad)).length + 1;
    const byte = bytes[bad]?.toString(16).toUpperCase().padStart(2, "0");
    const location = { file, line, column };
    const hint = looksLikeUtf16(bytes) ? "the file looks like UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8" : undefined;
    return {
      diagnostic:
        byte === undefined
          ? createDiagnostic({ code: "MG005", messageId: "truncatedUtf8", location, hint })
          : createDiagnostic({ code: "MG005", messageId: "notUtf8", format: { byte }, location, hint }),
    };
  }
}

function looksLikeUtf16(bytes: Uint8Array): boolean {
  return (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
}

/** Offset of the first byte that starts an invalid UTF-8 sequence (linear; RFC 3629 ranges). */
function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  const isContinuation = (b: number | undefined) => b !== undefined && b >= 0x80 && b <= 0xbf;
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      i += 1;
      continue;
    }
    let length = 0;
    let secondMin = 0x80;
    let secondMax = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) secondMin = 0xa0;
      if (b === 0xed) secondMax = 0x9f; // UTF-16 surrogates are not characters
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) secondMin = 0x90;
      if (b === 0xf4) secondMax = 0x8f;
    } else return i;
    const second = bytes[i + 1];
    if (second === undefined || second < secondMin || second > secondMax) return i;
    for (let k = 2; k < length; k++) if (!isContinuation(bytes[i + k])) return i;
    i += length;
  }
  return bytes.length;
}
