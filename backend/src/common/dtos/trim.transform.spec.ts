import { plainToInstance } from 'class-transformer';
import { Trim } from './trim.transform.js';

class TrimmedDto {
  @Trim()
  text: unknown;
}

describe('Trim', () => {
  it('trims a string', () => {
    expect(plainToInstance(TrimmedDto, { text: '  a title \n' }).text).toBe('a title');
  });

  it('leaves anything else for the validators to refuse', () => {
    const notText = { nested: ' x ' };
    expect(plainToInstance(TrimmedDto, { text: 42 }).text).toBe(42);
    expect(plainToInstance(TrimmedDto, { text: [' a '] }).text).toEqual([' a ']);
    expect(plainToInstance(TrimmedDto, { text: notText }).text).toEqual(notText);
  });
});
