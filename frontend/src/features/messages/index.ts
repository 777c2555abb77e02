// Public face of the messages feature: pages and app/ import from here only.
export { EditorMessages, EditorUnreadBadge } from './components/editor-messages';
export { ReviewerMessagesPanel } from './components/reviewer-messages-panel';
