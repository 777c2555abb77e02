const REPLY_PREFIX = 'Re: ';

/** A reply's subject (spec section 5): the original's prefixed 'Re: ', once, however deep the thread ('Re: Re: ' never). */
export function replySubject(original: string): string {
  return original.startsWith(REPLY_PREFIX) ? original : `${REPLY_PREFIX}${original}`;
}
