import { createAction } from '@reduxjs/toolkit';
import { type SessionResponse } from './types';

// The base query lives below every feature, so it announces session changes with these
// actions and the auth feature's slice listens; shared code never imports a feature.
export const sessionRefreshed = createAction<SessionResponse>('session/refreshed');
export const sessionCleared = createAction('session/cleared');
