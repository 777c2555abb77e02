// Public face of the comments feature: pages and app/ import from here only.
export { commentsApi } from './api/comments-api';
export { DiscussionPanel } from './components/discussion-panel';
export { CommentBody } from './model/comment-markup';
export { commentToasts } from './model/comment-messages';
