import { Fragment, type ReactNode } from 'react';

// A comment is plain text. Only three things become markup, and only as React elements (never
// HTML strings): **bold**, bullet lines ('* ' or '- ') and numbered lines ('1. ' or '1) '),
// renumbered from 1. Everything else, HTML, links and images included, stays literal text.

const BULLET = /^\s*[*-]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const BOLD = /\*\*(.+?)\*\*/g;

type Block =
  | { kind: 'ul'; items: string[] }
  | { kind: 'ol'; items: string[] }
  | { kind: 'p'; lines: string[] };

/** `**x**` → <strong>x</strong>; the rest of the line is text. */
export function renderInline(line: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of line.matchAll(BOLD)) {
    const index = match.index;
    if (index > last) nodes.push(line.slice(last, index));
    nodes.push(<strong key={index}>{match[1]}</strong>);
    last = index + match[0].length;
  }
  if (last < line.length) nodes.push(line.slice(last));
  return nodes;
}

function toBlocks(text: string): Block[] {
  const blocks: Block[] = [];
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
      // A blank line ends a paragraph or list.
      if (previous && !(previous.kind === 'p' && previous.lines.length === 0)) blocks.push({ kind: 'p', lines: [] });
    } else if (previous?.kind === 'p') {
      previous.lines.push(line);
    } else {
      blocks.push({ kind: 'p', lines: [line] });
    }
  }
  return blocks.filter((block) => block.kind !== 'p' || block.lines.length > 0);
}

export function CommentBody({ text }: { text: string }) {
  return (
    <div className="grid gap-2 break-words text-sm leading-relaxed text-slate-800">
      {toBlocks(text).map((block, index) => {
        switch (block.kind) {
          case 'ul':
            return (
              <ul key={index} className="list-disc pl-5">
                {block.items.map((item, i) => (
                  <li key={i}>{renderInline(item)}</li>
                ))}
              </ul>
            );
          case 'ol':
            return (
              <ol key={index} className="list-decimal pl-5">
                {block.items.map((item, i) => (
                  <li key={i}>{renderInline(item)}</li>
                ))}
              </ol>
            );
          case 'p':
            return (
              <p key={index}>
                {block.lines.map((line, i) => (
                  <Fragment key={i}>
                    {i > 0 && <br />}
                    {renderInline(line)}
                  </Fragment>
                ))}
              </p>
            );
        }
      })}
    </div>
  );
}
