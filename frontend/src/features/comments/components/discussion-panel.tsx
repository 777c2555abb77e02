import { MessageSquare } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { type PaperComment } from '@/shared/api';
import { formatDate } from '@/shared/lib/format-date';
import { Button, SectionCard, Spinner, TextAreaField, useToast } from '@/shared/ui';
import { useAddCommentMutation, useGetCommentsQuery, useUpdateCommentMutation } from '../api/comments-api';
import { commentToasts } from '../model/comment-messages';
import { CommentBody } from '../model/comment-markup';

/** The owner's and the editorial team's conversation about one paper (shown to them only). */
export function DiscussionPanel({ paperId }: { paperId: string }) {
  const { toast } = useToast();
  const { data: comments, isLoading, isError } = useGetCommentsQuery(paperId);
  const [addComment, { isLoading: isPosting }] = useAddCommentMutation();
  const [draft, setDraft] = useState('');

  useEffect(() => {
    if (isError) toast(commentToasts.loadFailed);
  }, [isError, toast]);

  const post = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const comment = draft.trim();
    if (!comment || isPosting) return;
    try {
      const { notification } = await addComment({ paperId, comment }).unwrap();
      toast(
        notification === 'queued'
          ? commentToasts.addedAndNotified
          : notification === 'failed'
            ? commentToasts.addedNotificationFailed
            : commentToasts.added,
      );
      setDraft('');
    } catch {
      toast(commentToasts.addFailed);
    }
  };

  return (
    <SectionCard
      titleId="discussion-title"
      title="Discussion"
      icon={MessageSquare}
      description="A conversation between the author and the editorial team. Only you and the editors see it."
      contentClassName="grid gap-4"
    >
      <div
        role="region"
        aria-label="Comments"
        tabIndex={0}
        className="max-h-[600px] overflow-y-auto rounded-md border border-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        {isLoading ? (
          <div className="p-4">
            <Spinner label="Loading comments" />
          </div>
        ) : isError ? (
          <p className="p-4 text-sm text-red-800">{commentToasts.loadFailed.description}</p>
        ) : !comments || comments.length === 0 ? (
          <p className="p-4 text-sm text-slate-600">No comments yet. Start the conversation below.</p>
        ) : (
          <ol className="divide-y divide-slate-200">
            {comments.map((comment) => (
              <li key={comment.id} className="p-4">
                <CommentItem comment={comment} />
              </li>
            ))}
          </ol>
        )}
      </div>
      <form noValidate onSubmit={(event) => void post(event)} className="grid gap-2">
        <TextAreaField
          label="Add a comment"
          rows={4}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          hint="Use **bold**, and start lines with * or - for bullets or 1. for numbered lists."
        />
        <div>
          <Button type="submit" disabled={!draft.trim()} isLoading={isPosting}>
            Post Comment
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}

function CommentItem({ comment }: { comment: PaperComment }) {
  const { toast } = useToast();
  const [updateComment, { isLoading: isSaving }] = useUpdateCommentMutation();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(comment.comment);
  const who = comment.isAdminComment ? 'Editorial Team' : 'Author';

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || isSaving) return;
    try {
      await updateComment({ paperId: comment.paperId, commentId: comment.id, comment: trimmed }).unwrap();
      toast(commentToasts.updated);
      setEditing(false);
    } catch {
      toast(commentToasts.updateFailed);
    }
  };

  return (
    <article aria-label={`Comment by ${who}`} className="grid gap-2">
      <header className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <span
          className={
            comment.isAdminComment
              ? 'rounded-full bg-indigo-100 px-2 py-0.5 font-semibold text-indigo-900'
              : 'rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-800'
          }
        >
          {who}
        </span>
        <time dateTime={comment.createdAt}>{formatDate(comment.createdAt)}</time>
        {comment.updatedAt !== comment.createdAt && <span>(edited)</span>}
        {comment.mine && !editing && (
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto"
            onClick={() => {
              setText(comment.comment);
              setEditing(true);
            }}
          >
            Edit
          </Button>
        )}
      </header>
      {editing ? (
        <form noValidate onSubmit={(event) => void save(event)} className="grid gap-2">
          <TextAreaField label="Edit comment" rows={4} value={text} onChange={(event) => setText(event.target.value)} />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={!text.trim()} isLoading={isSaving}>
              Save
            </Button>
            <Button variant="outline" size="sm" onClick={() => setEditing(false)} disabled={isSaving}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <CommentBody text={comment.comment} />
      )}
    </article>
  );
}
