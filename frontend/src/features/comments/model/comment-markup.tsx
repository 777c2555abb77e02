import { commentBlocks, commentRuns } from '@journal/web-shared/comment-markup';
import { Fragment, type ReactNode } from 'react';

// A comment's markup as React elements, never HTML strings: the grammar (what is markup, the
// server's e-mail reads the same) is `@journal/web-shared/comment-markup`; every other character
// of the comment, HTML, links and images included, is text.

/** A bold run → <strong>; the rest of the line is text. */
export function renderInline(line: string): ReactNode[] {
  return commentRuns(line).map((run, index) => (run.bold ? <strong key={index}>{run.text}</strong> : run.text));
}

export function CommentBody({ text }: { text: string }) {
  return (
    <div className="grid gap-2 break-words text-sm leading-relaxed text-slate-800">
      {commentBlocks(text).map((block, index) => {
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
