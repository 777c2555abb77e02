import { commentBlocks, commentRuns } from './comment-markup.js';

// The grammar both renderers read (the e-mail's HTML and text, the web app's React elements);
// each renderer's own tests check what it makes of these blocks and runs.
describe('comment-markup grammar', () => {
  describe('blocks', () => {
    it("makes '* ' and '- ' lines one bullet list, and drops the markers", () => {
      expect(commentBlocks('* one\n- two\n  *   three')).toEqual([{ kind: 'ul', items: ['one', 'two', 'three'] }]);
    });

    it("makes '1. ' and '1) ' lines one numbered list whatever their numbers, and drops the numbers", () => {
      expect(commentBlocks('3. first\n7. second\n9) third')).toEqual([{ kind: 'ol', items: ['first', 'second', 'third'] }]);
    });

    it('keeps other lines together as one paragraph until a blank line, in CRLF, CR or LF text', () => {
      expect(commentBlocks('line one\r\nline two\rline three\n\n  \nnext')).toEqual([
        { kind: 'p', lines: ['line one', 'line two', 'line three'] },
        { kind: 'p', lines: ['next'] },
      ]);
    });

    it('starts a new block where the kind of line changes, and a blank line splits two lists of one kind', () => {
      expect(commentBlocks('Intro\n* a\n1. b\n2. c\n\n3. d\nafter')).toEqual([
        { kind: 'p', lines: ['Intro'] },
        { kind: 'ul', items: ['a'] },
        { kind: 'ol', items: ['b', 'c'] },
        { kind: 'ol', items: ['d'] },
        { kind: 'p', lines: ['after'] },
      ]);
    });

    it('needs a space after the marker: "*bold*", "-1" and "1.5" are text', () => {
      expect(commentBlocks('*bold*\n-1\n1.5')).toEqual([{ kind: 'p', lines: ['*bold*', '-1', '1.5'] }]);
    });

    it('has no block for empty or blank text', () => {
      expect(commentBlocks('')).toEqual([]);
      expect(commentBlocks('\n \n')).toEqual([]);
    });
  });

  describe('runs of a line', () => {
    it('makes **x** a bold run of x and the rest plain runs, none empty', () => {
      expect(commentRuns('Intro **bold** text')).toEqual([
        { text: 'Intro ', bold: false },
        { text: 'bold', bold: true },
        { text: ' text', bold: false },
      ]);
      expect(commentRuns('**a****b**')).toEqual([
        { text: 'a', bold: true },
        { text: 'b', bold: true },
      ]);
    });

    it('leaves HTML, links, images and unclosed or empty markers as plain text', () => {
      const line = '<b>x</b> [l](javascript:alert(1)) ![i](http://x/y.png) **open **** *one*';
      expect(commentRuns(line)).toEqual([
        { text: '<b>x</b> [l](javascript:alert(1)) ![i](http://x/y.png) ', bold: false },
        { text: 'open ', bold: true },
        { text: '** *one*', bold: false },
      ]);
    });

    it('keeps HTML inside bold as the bold run’s text', () => {
      expect(commentRuns('**<img src=x onerror=alert(1)>**')).toEqual([{ text: '<img src=x onerror=alert(1)>', bold: true }]);
    });

    it('has no run for an empty line', () => {
      expect(commentRuns('')).toEqual([]);
    });
  });
});
