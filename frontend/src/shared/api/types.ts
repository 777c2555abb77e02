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
export type ApiErrorBody = Schemas['ErrorResponseDto'];
/** Every stable code the API answers with (its `ErrorCode` enum). */
export type ErrorCode = Schemas['ErrorCode'];

// Public papers (docs/api.md, "Papers (public reading)").
export type PaperStatus = Schemas['PaperStatus'];
export type PaperAuthorPublic = Schemas['PaperAuthorPublicDto'];
export type PaperCard = Schemas['PaperCardDto'];
export type PaperPage = Schemas['PaperPageDto'];
export type PaperDetail = Schemas['PaperDetailDto'];
/** Where a paper is beside its status (issue 27), derived by the server. */
export type PaperStage = Schemas['PaperStageDto'];
export type PaperStageName = Schemas['PaperStage'];
export type StageCounts = Schemas['StageCountsDto'];

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
/** The /papers category filter, as the server's query schema lists it ('All Categories' and the categories). */
export type CategoryFilter = NonNullable<NonNullable<operations['PublishedPapersController_list']['parameters']['query']>['category']>;
export type PaperAccess = Schemas['PaperAccessDto'];
export type MySubmission = Schemas['MySubmissionDto'];
export type MyDashboard = Schemas['MyDashboardDto'];
export type PaperVersion = Schemas['PaperVersionDto'];
export type VersionApproved = Schemas['VersionApprovedDto'];
export type PaperComment = Schemas['PaperCommentDto'];
export type CommentPosted = Schemas['CommentPostedDto'];

// Editorial decisions and the admin dashboard (docs/api.md).
export type DecisionStatus = Schemas['ChangeStatusDto']['status'];
export type ChangeStatusRequest = Schemas['ChangeStatusDto'];
export type StatusCounts = Schemas['StatusCountsDto'];
export type EmailOutboxSummary = Schemas['EmailOutboxSummaryDto'];
export type AdminPaperRow = Schemas['AdminPaperRowDto'];
export type AdminPaperPage = Schemas['AdminPaperPageDto'];
export type StatusChanged = Schemas['StatusChangedDto'];
export type PaperStatusEvent = Schemas['PaperStatusEventDto'];

// Reviewer invitations (docs/api.md, "Reviewer invitations").
export type Invitation = Schemas['InvitationDto'];
export type InvitationStatus = Schemas['InvitationStatus'];
export type InvitationDelivery = Schemas['MailDelivery'];
export type InviteReviewerRequest = Schemas['InviteReviewerDto'];
/** The query of the invitation lists: a status or every one, and how many. */
export type InvitationListQuery = NonNullable<operations['InvitationsController_list']['parameters']['query']>;
export type RemoveInvitationsRequest = Schemas['RemoveInvitationsDto'];
export type InvitationsRemoved = Schemas['RemovedInvitationsDto'];
export type ReviewerOverview = Schemas['ReviewerOverviewDto'];
export type MissingRolesCreated = Schemas['CreatedRolesDto'];
export type InvitationVerification = Schemas['VerifiedInvitationDto'];
export type AcceptInvitationRequest = Schemas['AcceptInvitationDto'];
export type InvitationAccepted = Schemas['AcceptedInvitationDto'];

// Peer review (docs/api.md, "Peer review").
export type ReviewStatus = Schemas['ReviewStatus'];
export type ReviewRecommendation = Schemas['ReviewRecommendation'];
export type AssignablePaper = Schemas['AssignablePaperDto'];
export type AssignableReviewer = Schemas['AssignableReviewerDto'];
export type AssignReviewRequest = Schemas['AssignReviewDto'];
export type ReviewAssignment = Schemas['ReviewAssignmentDto'];
export type MyReviewAssignment = Schemas['MyReviewAssignmentDto'];
export type MyReviews = Schemas['MyReviewsDto'];
export type Review = Schemas['ReviewDto'];
export type SaveReviewDraftRequest = Schemas['SaveReviewDraftDto'];
export type SubmitReviewRequest = Schemas['SubmitReviewDto'];
export type DeclineReviewRequest = Schemas['DeclineReviewDto'];
export type ReminderSent = Schemas['ReminderSentDto'];
/** A review's criterion: the rubric's name and hint, the reviewer's score (null while unscored in a draft) and comment. */
export type ReviewCriterion = Schemas['ReviewCriterionDto'];
export type ReviewCriterionInput = Schemas['ReviewCriterionInputDto'];
export type RubricCriterion = Schemas['RubricCriterionDto'];
export type ReplaceRubricRequest = Schemas['ReplaceRubricDto'];

// Review rounds and revision requests (docs/api.md, "Review rounds").
export type RevisionKind = Schemas['RevisionKind'];
export type RevisionRequest = Schemas['RevisionRequestDto'];
export type RequestRevisionsRequest = Schemas['RequestRevisionsDto'];
// The letter a decision or a revision request sends the author, previewed before sending.
export type LetterDecision = Schemas['LetterDecision'];
export type DecisionLetterPreviewRequest = Schemas['DecisionLetterPreviewRequestDto'];
export type DecisionLetter = Schemas['DecisionLetterDto'];
export type ReviewRounds = Schemas['ReviewRoundsDto'];
export type ReviewRound = Schemas['ReviewRoundDto'];
export type RoundReview = Schemas['RoundReviewDto'];

// Messages between the editorial team and reviewers (docs/api.md, "Messages").
export type ReviewerMessage = Schemas['MessageDto'];
export type MessageList = Schemas['MessageListDto'];
export type MessageAttachment = Schemas['MessageAttachmentDto'];
export type MessageParty = Schemas['MessagePartyDto'];
