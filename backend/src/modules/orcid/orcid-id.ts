const ORCID_ID_PATTERN = /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/;

/** ISO 7064 MOD 11-2 over the first 15 digits, as ORCID computes its check character. */
function checkCharacter(digits: string): string {
  let total = 0;
  for (const digit of digits) total = (total + Number(digit)) * 2;
  const result = (12 - (total % 11)) % 11;
  return result === 10 ? 'X' : String(result);
}

/**
 * An ORCID iD as ORCID writes it (`0000-0002-1825-0097`), its check character right; anything
 * else is not an iD. What ORCID's token endpoint answers is checked with it before it is stored.
 */
export function isOrcidId(value: unknown): value is string {
  if (typeof value !== 'string' || !ORCID_ID_PATTERN.test(value)) return false;
  const digits = value.replace(/-/g, '');
  return checkCharacter(digits.slice(0, 15)) === digits[15];
}
