/**
 * Quotes user input for an error message: escaped (no control characters reach the
 * client's display) and cut short, so a megabyte of input is not echoed back.
 */
export function quote(value: string, maxLength = 80): string {
  const short = value.length > maxLength ? `${value.slice(0, maxLength)}…` : value;
  return JSON.stringify(short);
}
