import { isOrcidId } from './orcid-id.js';

describe('isOrcidId', () => {
  it('accepts iDs whose check character is right, X included', () => {
    expect(isOrcidId('0000-0002-1825-0097')).toBe(true);
    expect(isOrcidId('0000-0002-1694-233X')).toBe(true);
  });

  it('refuses a wrong check character, another shape, and what is not a string', () => {
    expect(isOrcidId('0000-0002-1825-0098')).toBe(false);
    expect(isOrcidId('0000-0002-1694-2330')).toBe(false);
    expect(isOrcidId('0000000218250097')).toBe(false);
    expect(isOrcidId('https://orcid.org/0000-0002-1825-0097')).toBe(false);
    expect(isOrcidId('0000-0002-1825-0097 ')).toBe(false);
    expect(isOrcidId('0000-0002-1825-009x')).toBe(false);
    expect(isOrcidId(undefined)).toBe(false);
    expect(isOrcidId(18250097)).toBe(false);
  });
});
