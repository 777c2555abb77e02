export { BackLink } from './back-link';
export { Button, buttonClasses, type ButtonProps } from './button';
export { Card, CardContent, CardDescription, CardHeader, CardTitle } from './card';
export { Dialog, type DialogProps } from './dialog';
export { PasswordField, type PasswordFieldProps } from './password-field';
export { SectionCard, type SectionCardProps } from './section-card';
export {
  SelectField,
  TextAreaField,
  TextField,
  type SelectFieldProps,
  type TextAreaFieldProps,
  type TextFieldProps,
} from './form-field';
export { AccessDenied, NotBuiltYet, PageContainer } from './page';
export { JournalIssueCard } from './journal-issue-card';
export { LetterPreview, letterPreviewErrorToast, letterPreviewWords } from './letter-preview';
export { LoadMore } from './load-more';
export { PageSpinner, Spinner } from './spinner';
export { PaperStatusBadge } from './paper-status-badge';
export { PaperStageLine } from './paper-stage-line';
export { ProgressBar } from './progress-bar';
export { ReviewsToShare, shareableReviewsOf, type ShareableReview } from './reviews-to-share';
export { ReviewCriteriaFeedback, SCORE_MAX, scoreLabels, type ReviewCriteriaFeedbackProps, type ScoredCriterion } from './review-criteria-feedback';
export { Tooltip } from './tooltip';
export * from './toast';
