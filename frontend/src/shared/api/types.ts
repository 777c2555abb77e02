// Request and response shapes of the API, generated from the backend's OpenAPI document
// (`npm run api:types` writes schema.d.ts), so the contract is written once, in the DTOs.
import { type components } from './schema';

type Schemas = components['schemas'];

export type SessionUser = Schemas['SessionUserDto'];
export type Role = SessionUser['role'];
export type SessionResponse = Schemas['SessionResponseDto'];
export type MessageResponse = Schemas['MessageResponseDto'];
export type SignInRequest = Schemas['SignInDto'];
export type SignUpRequest = Schemas['SignUpDto'];
export type GradeLevel = SignUpRequest['gradeLevel'];
export type ForgotPasswordRequest = Schemas['ForgotPasswordDto'];
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
export type PaperDetail = Schemas['PaperDetailDto'] & PaperDetailOwnerFields;

// Hand-written from docs/api.md until the schema has them; replace with Schemas['…Dto'] after npm run api:types
export type PaymentProvider = 'stripe' | 'test';
export interface SubmissionFee {
  status: 'unpaid' | 'paid';
  amount: number;
  currency: string;
  provider: PaymentProvider;
}
export interface CheckoutSession { url: string; sessionId: string }
export interface VerifyPaymentResult { verified: boolean }
export interface TestCheckout {
  sessionId: string; amount: number; currency: string;
  status: 'open' | 'complete' | 'expired';
  successUrl: string; cancelUrl: string;
}
export interface TestCheckoutRedirect { redirectUrl: string }
export interface PaperAuthor { name: string; email: string; school: string }
export type SubmissionCategory = 'Biology' | 'Chemistry' | 'Physics' | 'Environmental Science' | 'Computer Science'
  | 'Mathematics' | 'Engineering' | 'Computational Neuroscience' | 'Other';
export interface PaperAccess {
  owner: boolean;
  discuss: boolean;
  uploadVersion: boolean;
  changeStatus: boolean;
}
export interface PaperDetailOwnerFields {
  access: PaperAccess;
  createdAt: string;
  updatedAt: string;
  authorEmails: string[] | null;
}
export interface MySubmission {
  id: string; title: string; category: string; status: PaperStatus;
  progress: number;
  createdAt: string; updatedAt: string; publishedAt: string | null;
  commentCount: number;
}
export interface MyDashboard {
  totalSubmissions: number; published: number; comments: number;
  recent: MySubmission[];
}
export interface PaperVersion {
  version: number;
  fileName: string;
  size: number;
  uploadedAt: string;
  pdfUrl: string;
  current: boolean;
}
export interface PaperComment {
  id: string; paperId: string;
  comment: string;
  isAdminComment: boolean;
  mine: boolean;
  createdAt: string; updatedAt: string;
}
export interface CommentPosted {
  comment: PaperComment;
  notification: 'queued' | 'failed' | 'none';
}
// End of the hand-written block.
