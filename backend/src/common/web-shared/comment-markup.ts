// The grammar of a discussion comment, read by both halves: the web app renders it as React
// elements (`features/comments/model/comment-markup.tsx`), the e-mail as escaped HTML and plain
// text (`modules/notifications/mail/comment-markup.ts`). A comment is plain text; only three
// things in it are markup: **bold**, bullet lines ('* ' or '- ') and numbered lines ('1. ' or
// '1) '), renumbered from 1. Everything else, HTML, links and images included, is text, which each
// renderer escapes or shows as text; nothing here makes HTML.
// The web app imports this folder too (alias `@journal/web-shared`), so it imports nothing.

const BULLET = /^\s*[*-]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const BOLD = /\*\*(.+?)\*\*/g;

/** A list (its items' text) or a paragraph (its lines, shown with line breaks). */
export type CommentBlock = { kind: 'ul'; items: string[] } | { kind: 'ol'; items: string[] } | { kind: 'p'; lines: string[] };

/** A piece of one line: bold or not. No run is empty. */
export interface CommentRun {
  text: string;
  bold: boolean;
}

/** The comment's lists and paragraphs, in order; a blank line ends a paragraph or list. */
export function commentBlocks(text: string): CommentBlock[] {
  const blocks: CommentBlock[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const previous = blocks.at(-1);
    if (bullet) {
      if (previous?.kind === 'ul') previous.items.push(bullet[1] ?? '');
      else blocks.push({ kind: 'ul', items: [bullet[1] ?? ''] });
    } else if (numbered) {
      if (previous?.kind === 'ol') previous.items.push(numbered[1] ?? '');
      else blocks.push({ kind: 'ol', items: [numbered[1] ?? ''] });
    } else if (line.trim() === '') {
      if (previous && !(previous.kind === 'p' && previous.lines.length === 0)) blocks.push({ kind: 'p', lines: [] });
    } else if (previous?.kind === 'p') {
      previous.lines.push(line);
    } else {
      blocks.push({ kind: 'p', lines: [line] });
    }
  }
  return blocks.filter((block) => block.kind !== 'p' || block.lines.length > 0);
}

/** One line (a paragraph's line or a list item) as runs: `**x**` is a bold run of x, the rest plain. */
export function commentRuns(line: string): CommentRun[] {
  const runs: CommentRun[] = [];
  let last = 0;
  for (const match of line.matchAll(BOLD)) {
    if (match.index > last) runs.push({ text: line.slice(last, match.index), bold: false });
    runs.push({ text: match[1] ?? '', bold: true });
    last = match.index + match[0].length;
  }
  if (last < line.length) runs.push({ text: line.slice(last), bold: false });
  return runs;
}
