/** Toasts: short messages in a polite live region, gone after a few seconds or when closed. */
import { useSyncExternalStore } from 'react';

export type Toast = { id: number; message: string; tone: 'success' | 'error' | 'info' };

const TOAST_MS = 5000;
let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function toast(message: string, tone: Toast['tone'] = 'success') {
  const id = nextId++;
  toasts = [...toasts.slice(-2), { id, message, tone }];
  emit();
  setTimeout(() => dismissToast(id), TOAST_MS);
}

const EMPTY: readonly Toast[] = [];
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => EMPTY,
  );
}
