import { commentBlocks, commentRuns } from '../../../common/web-shared/comment-markup.js';

// A discussion comment's e-mail shows the markup the paper's page shows (the grammar is
// common/web-shared/comment-markup.ts). Every piece of the comment is escaped first; only the
// grammar's blocks and bold runs become tags, so HTML, links and images in a comment stay
// literal text.

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** `**x**` → <strong>x</strong>, both sides escaped. */
function inlineHtml(line: string): string {
  return commentRuns(line)
    .map((run) => (run.bold ? `<strong>${escapeHtml(run.text)}</strong>` : escapeHtml(run.text)))
    .join('');
}

const LIST_STYLE = 'margin:0 0 8px;padding-left:24px;';
const PARAGRAPH_STYLE = 'margin:0 0 8px;';

/** The comment as e-mail HTML: escaped text with <strong>, <ul>, <ol>, <li>, <p> and <br> only. */
export function commentToHtml(text: string): string {
  return commentBlocks(text)
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
  const plain = (line: string) => commentRuns(line).map((run) => run.text).join('');
  return commentBlocks(text)
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
