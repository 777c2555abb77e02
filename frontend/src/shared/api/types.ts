// Request and response shapes of the API, generated from the backend's OpenAPI document
// (`npm run api:types` writes schema.d.ts), so the contract is written once, in the DTOs.
import { type components, type operations } from './schema';

type Schemas = components['schemas'];

export type SessionUser = Schemas['SessionUserDto'];
export type Role = SessionUser['role'];
export type SessionResponse = Schemas['SessionResponseDto'];
export type MessageResponse = Schemas['MessageResponseDto'];
export type SignInRequest = Schemas['SignInDto'];
export type SignUpRequest = Schemas['SignUpDto'];
export type GradeLevel = SignUpRequest['gradeLevel'];
export type ForgotPasswordRequest = Schemas['ForgotPasswordDto'];
export type ResendConfirmationRequest = Schemas['ResendConfirmationDto'];
export type ResetPasswordRequest = Schemas['ResetPasswordDto'];

/** The one error shape every API error has (docs/api.md); produced by the exception filter. */
export interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
}

// Public papers (docs/api.md, "Papers (public reading)").
export type PaperStatus = Schemas['PaperStatus'];
export type PaperAuthorPublic = Schemas['PaperAuthorPublicDto'];
export type PaperCard = Schemas['PaperCardDto'];
export type PaperPage = Schemas['PaperPageDto'];
export type PaperDetail = Schemas['PaperDetailDto'];

// Payments, submissions, versions and comments (docs/api.md).
export type SubmissionFee = Schemas['SubmissionFeeDto'];
export type PaymentProvider = SubmissionFee['provider'];
export type CheckoutSession = Schemas['CheckoutSessionDto'];
export type VerifyPaymentResult = Schemas['VerifyPaymentResultDto'];
export type TestCheckout = Schemas['TestCheckoutDto'];
export type TestCheckoutRedirect = Schemas['RedirectUrlDto'];
/** An author row of the submission form; the API receives the rows as a JSON string. */
export interface PaperAuthor { name: string; email: string; school: string }
/** The categories of the submission form, as the server's multipart schema lists them. */
export type SubmissionCategory = operations['PapersController_submit']['requestBody']['content']['multipart/form-data']['category'];
export type PaperAccess = Schemas['PaperAccessDto'];
export type MySubmission = Schemas['MySubmissionDto'];
export type MyDashboard = Schemas['MyDashboardDto'];
export type PaperVersion = Schemas['PaperVersionDto'];
export type PaperComment = Schemas['PaperCommentDto'];
export type CommentPosted = Schemas['CommentPostedDto'];

// Editorial decisions and the admin dashboard (docs/api.md).
export type DecisionStatus = Schemas['ChangeStatusDto']['status'];
export type StatusCounts = Schemas['StatusCountsDto'];
export type AdminPaperRow = Schemas['AdminPaperRowDto'];
export type AdminPaperPage = Schemas['AdminPaperPageDto'];
export type StatusChanged = Schemas['StatusChangedDto'];
export type PaperStatusEvent = Schemas['PaperStatusEventDto'];
