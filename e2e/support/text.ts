/**
 * A pattern for a string the spec quotes, tolerant only of typographic apostrophes
 * (the product may write ' as ’). Anchored when `exact` is set.
 */
export function specText(text: string, { exact = false } = {}): RegExp {
  const body = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, "['’]");
  return new RegExp(exact ? `^\\s*${body}\\s*$` : body);
}

let counter = 0;
/** A fresh, valid e-mail address nobody has used yet. */
export function uniqueEmail(label: string): string {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return `e2e-${label}-${stamp}@example.org`;
}
