/**
 * Whether `value` is an ISSN as printed, `NNNN-NNNC` (ISO 3297): seven digits, a hyphen after the
 * fourth, and a check character that makes the weighted sum (weights 8 down to 1) a multiple of
 * 11; `X` stands for a check of 10.
 */
export function isValidIssn(value: string): boolean {
  const match = /^(\d{4})-(\d{3})([\dX])$/.exec(value);
  if (!match) return false;
  const digits = `${match[1]}${match[2]}`;
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (8 - index), 0);
  const check = (11 - (sum % 11)) % 11;
  return match[3] === (check === 10 ? 'X' : String(check));
}
