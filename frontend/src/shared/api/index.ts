export { baseApi, tagTypes } from './base-api';
export { refreshSession, type RefreshResult } from './base-query';
export { toApiError, UNEXPECTED_ERROR_MESSAGE, type ApiError } from './api-error';
export { sessionCleared, sessionRefreshed } from './session-events';
export type {
  AdminPaperPage,
  AdminPaperRow,
  DecisionStatus,
  PaperStatusEvent,
  StatusChanged,
  StatusCounts,
  ApiErrorBody,
  CheckoutSession,
  CommentPosted,
  MyDashboard,
  MySubmission,
  PaperAccess,
  PaperAuthor,
  PaperComment,
  PaperVersion,
  PaymentProvider,
  SubmissionCategory,
  SubmissionFee,
  TestCheckout,
  TestCheckoutRedirect,
  VerifyPaymentResult,
  ForgotPasswordRequest,
  ResendConfirmationRequest,
  GradeLevel,
  MessageResponse,
  PaperAuthorPublic,
  PaperCard,
  PaperDetail,
  PaperPage,
  PaperStatus,
  ResetPasswordRequest,
  Role,
  SessionResponse,
  SessionUser,
  SignInRequest,
  SignUpRequest,
} from './types';
export { uploadWithProgress, type UploadOptions, type UploadResult } from './upload';
export { statusHistoryTagId } from './tags';
