import { loopbackAliases } from './loopback-origins.js';

describe('loopbackAliases', () => {
  it('names the other loopback hosts on the same scheme and port', () => {
    expect(loopbackAliases('http://localhost:3000')).toEqual(['http://127.0.0.1:3000', 'http://[::1]:3000']);
    expect(loopbackAliases('http://127.0.0.1:5173')).toEqual(['http://localhost:5173', 'http://[::1]:5173']);
    expect(loopbackAliases('https://[::1]')).toEqual(['https://localhost', 'https://127.0.0.1']);
  });

  it('has none for a journal on a real host name', () => {
    expect(loopbackAliases('https://journal.example.org')).toEqual([]);
    expect(loopbackAliases('http://localhost.example.org:3000')).toEqual([]);
  });
});
