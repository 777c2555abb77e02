// A discussion comment is plain text; the paper's page shows three things as markup (the web
// app's `features/comments/model/comment-markup.tsx`): **bold**, bullet lines ('* ' or '- ') and
// numbered lines ('1. ' or '1) '), renumbered from 1. The e-mail shows the same subset. Every
// piece of the comment is escaped first; only the subset becomes tags, so HTML, links and
// images in a comment stay literal text.

const BULLET = /^\s*[*-]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const BOLD = /\*\*(.+?)\*\*/g;

type Block = { kind: 'ul'; items: string[] } | { kind: 'ol'; items: string[] } | { kind: 'p'; lines: string[] };

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

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** `**x**` → <strong>x</strong>, both sides escaped. */
function inlineHtml(line: string): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(BOLD)) {
    html += `${escapeHtml(line.slice(last, match.index))}<strong>${escapeHtml(match[1] ?? '')}</strong>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(line.slice(last));
}

const LIST_STYLE = 'margin:0 0 8px;padding-left:24px;';
const PARAGRAPH_STYLE = 'margin:0 0 8px;';

/** The comment as e-mail HTML: escaped text with <strong>, <ul>, <ol>, <li>, <p> and <br> only. */
export function commentToHtml(text: string): string {
  return toBlocks(text)
    .map((block) => {
      switch (block.kind) {
        case 'ul':
        case 'ol':
          return `<${block.kind} style="${LIST_STYLE}">${block.items.map((item) => `<li>${inlineHtml(item)}</li>`).join('')}</${block.kind}>`;
        case 'p':
          return `<p style="${PARAGRAPH_STYLE}">${block.lines.map(inlineHtml).join('<br>')}</p>`;
      }
    })
    .join('\n');
}

/** The comment as plain text: bold markers dropped, bullets as '- ', numbered lines renumbered from 1. */
export function commentToText(text: string): string {
  const plain = (line: string) => line.replace(BOLD, '$1');
  return toBlocks(text)
    .map((block) => {
      switch (block.kind) {
        case 'ul':
          return block.items.map((item) => `- ${plain(item)}`).join('\n');
        case 'ol':
          return block.items.map((item, index) => `${index + 1}. ${plain(item)}`).join('\n');
        case 'p':
          return block.lines.map(plain).join('\n');
      }
    })
    .join('\n\n');
}
