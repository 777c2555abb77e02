// Shapes of the API contract (docs/api.md). Kept in one file so that replacing them with types
// generated from the backend's OpenAPI document (schema.d.ts) touches only this module.
export type Role = 'admin' | 'reviewer' | 'user';

export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
}

export interface SessionResponse {
  user: SessionUser;
  /** ISO timestamp */
  accessTokenExpiresAt: string;
}

export interface MessageResponse {
  message: string;
}

/** The one error shape every API error has. */
export interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
}
