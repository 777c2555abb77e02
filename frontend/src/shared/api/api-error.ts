import { type SerializedError } from '@reduxjs/toolkit';
import { type FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { type ApiErrorBody, type ErrorCode } from './types';

/** The API's codes (generated from its OpenAPI document) and the client's own. */
export type ApiErrorCode = ErrorCode | 'UNKNOWN' | 'NETWORK_ERROR' | 'PARSING_ERROR';

export interface ApiError {
  /** HTTP status, or null when the request never got an answer. */
  status: number | null;
  /** The API's stable error code, or a client-side one (NETWORK_ERROR, PARSING_ERROR, UNKNOWN). */
  code: ApiErrorCode;
  /** Human readable; the server's message when there is one. */
  message: string;
}

export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred. Please try again.';

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>).code === 'string' &&
    typeof (value as Record<string, unknown>).message === 'string'
  );
}

function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/** Normalises whatever RTK Query rejected with into `{ status, code, message }`. */
export function toApiError(error: unknown): ApiError {
  if (isFetchBaseQueryError(error)) {
    if (typeof error.status === 'number') {
      if (isApiErrorBody(error.data)) {
        return { status: error.status, code: error.data.code, message: error.data.message };
      }
      return { status: error.status, code: 'UNKNOWN', message: UNEXPECTED_ERROR_MESSAGE };
    }
    switch (error.status) {
      case 'FETCH_ERROR':
      case 'TIMEOUT_ERROR':
        return { status: null, code: 'NETWORK_ERROR', message: 'Could not reach the server. Please check your connection and try again.' };
      case 'PARSING_ERROR':
        if (isApiErrorBody(error.data)) {
          return { status: error.originalStatus, code: error.data.code, message: error.data.message };
        }
        return { status: error.originalStatus, code: 'PARSING_ERROR', message: UNEXPECTED_ERROR_MESSAGE };
      case 'CUSTOM_ERROR':
        return { status: null, code: 'UNKNOWN', message: error.error || UNEXPECTED_ERROR_MESSAGE };
    }
  }
  const serialized = error as SerializedError | undefined;
  return { status: null, code: 'UNKNOWN', message: serialized?.message ?? UNEXPECTED_ERROR_MESSAGE };
}
