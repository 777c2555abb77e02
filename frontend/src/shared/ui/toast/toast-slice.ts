import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastMessage extends ToastInput {
  id: number;
}

export interface ToastState {
  /** One toast at a time: showing a new one replaces the current one. */
  current: ToastMessage | null;
  nextId: number;
}

const initialState: ToastState = { current: null, nextId: 1 };

export const toastSlice = createSlice({
  name: 'toast',
  initialState,
  reducers: {
    toastShown(state, action: PayloadAction<ToastInput>) {
      state.current = { ...action.payload, id: state.nextId };
      state.nextId += 1;
    },
    toastDismissed(state, action: PayloadAction<number>) {
      if (state.current?.id === action.payload) state.current = null;
    },
  },
  selectors: {
    selectCurrentToast: (state) => state.current,
  },
});

export const { toastShown, toastDismissed } = toastSlice.actions;
export const { selectCurrentToast } = toastSlice.selectors;
