import { isValidIssn } from './issn.js';

describe('isValidIssn', () => {
  it('accepts ISSNs whose check digit is right, X for 10', () => {
    for (const issn of ['0317-8471', '2049-3630', '1050-124X', '0000-0000', '2434-561X']) expect(isValidIssn(issn)).toBe(true);
  });

  it('refuses a wrong check digit, the footer placeholder among them', () => {
    for (const issn of ['0317-8472', '2049-3631', '1050-1240', '3065-0000']) expect(isValidIssn(issn)).toBe(false);
  });

  it('refuses anything not shaped NNNN-NNNC', () => {
    for (const issn of ['', '03178471', '0317 8471', '0317-847', '0317-84711', '317-8471', '0317-8471 (online)', ' 0317-8471', '0317-847x', 'X317-8471', '0317–8471']) {
      expect(isValidIssn(issn)).toBe(false);
    }
  });
});
