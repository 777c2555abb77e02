// Public face of the submission feature: pages and app/ import from here only.
export { submissionApi } from './api/submission-api';
export { AuthorDashboard, DASHBOARD_LOAD_ERROR, greetingName } from './components/author-dashboard';
export { MySubmissionsList, SUBMISSIONS_LOAD_ERROR } from './components/my-submissions-list';
export { SubmitPaperForm } from './components/submit-paper-form';
export { closedUploadNotes, PaperVersionsList, UpdatedPaperUpload } from './components/updated-paper-upload';
export { MAX_PDF_BYTES, submissionCategories } from './model/submission-rules';
