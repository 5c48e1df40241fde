import { createStore } from '@xstate/store';
import { announce, recordAnnouncement } from '../announcer/announcer.ts';

/**
 * Toast notifications (SPEC.md sections 3 "Notification", 8 and 9): an @xstate/store, so any code can add
 * one and `<Toaster />` renders them.
 *
 * - At most 4 are shown, newest first; a fifth drops the oldest.
 * - Positions top, bottom (the default) and center.
 * - Shown 5000 ms by default; conversion-result toasts half as long (2500 ms). The store keeps the
 *   duration; the timers live in `<Toaster />`, which pauses them while the pointer is over a region or
 *   focus is in it, so a keyboard user can reach an action before the toast goes.
 * - Channels: general, conversion (conversion results) and a11y, which is spoken only and never shown.
 * - Every toast is said once. A shown toast is spoken by React Aria's toast region (its content is an
 *   alert), the same way in every screen reader, so it is only kept in the announcer's log, never also
 *   sent to the announcer; an a11y-channel message, never shown, is spoken through the announcer. A toast
 *   with `spoken: false` is shown and neither spoken nor logged: the page already said that outcome in
 *   its own words.
 */

export type ToastChannel = 'general' | 'a11y' | 'conversion';
export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';
export type ToastPosition = 'top' | 'bottom' | 'center';

/** A link or button inside a toast, e.g. "Check it now" on "Conversion complete.". */
export interface ToastAction {
  /** The visible label. */
  label: string;
  /** Where the action goes; rendered as a link. */
  href?: string;
  /** What the action does when it is not a link; rendered as a button. */
  onAction?: () => void;
}

/** What `add` accepts; everything but the message has a default. */
export interface ToastInput {
  /** Give an id to replace a toast that is still shown; one is made up otherwise. */
  id?: string;
  /** The text of the toast. */
  message: string;
  /** @default 'info' */
  severity?: ToastSeverity;
  /** @default 'general' */
  channel?: ToastChannel;
  /** @default 'bottom' */
  position?: ToastPosition;
  /**
   * Milliseconds the toast stays; null keeps it until it is dismissed.
   * @default 5000, or 2500 on the conversion channel
   */
  duration?: number | null;
  action?: ToastAction;
  /**
   * False when the page already announced the same outcome in its own words (a conversion row saying
   * "Ava: conversion complete"): the toast is then shown without being spoken again.
   * @default true
   */
  spoken?: boolean;
}

export interface Toast {
  id: string;
  message: string;
  severity: ToastSeverity;
  channel: ToastChannel;
  position: ToastPosition;
  /** Milliseconds it stays; null until dismissed. */
  duration: number | null;
  action?: ToastAction;
  /** Whether React Aria's region speaks it (an alert) when it is shown. */
  spoken: boolean;
}

/** SPEC.md section 9: at most 4 shown. */
export const MAX_TOASTS = 4;
/** SPEC.md section 9: display 5000 ms. */
export const TOAST_DURATION = 5000;
/** SPEC.md section 8: conversion-result toasts last half as long. */
export const CONVERSION_TOAST_DURATION = TOAST_DURATION / 2;

/** How long a toast of a channel stays unless it says otherwise. */
export function defaultToastDuration(channel: ToastChannel): number {
  return channel === 'conversion' ? CONVERSION_TOAST_DURATION : TOAST_DURATION;
}

function toToast(input: ToastInput, id: string): Toast {
  const channel = input.channel ?? 'general';
  return {
    id,
    message: input.message,
    severity: input.severity ?? 'info',
    channel,
    position: input.position ?? 'bottom',
    duration: input.duration === undefined ? defaultToastDuration(channel) : input.duration,
    spoken: input.spoken ?? true,
    ...(input.action ? { action: input.action } : {}),
  };
}

/** A fresh toast store; the app uses the shared `toastStore`, stories and tests make their own. */
export function createToastStore() {
  return createStore({
    context: { toasts: [] as Toast[], seq: 0 },
    on: {
      add: (context, event: ToastInput, enq) => {
        const seq = context.seq + 1;
        const toast = toToast(event, event.id ?? `toast-${seq}`);
        const politeness = toast.severity === 'error' ? 'assertive' : 'polite';
        if (toast.channel === 'a11y') {
          enq.effect(() => announce(toast.message, { politeness }));
          return { ...context, seq };
        }
        if (toast.spoken) enq.effect(() => recordAnnouncement(toast.message, politeness));
        const others = context.toasts.filter((t) => t.id !== toast.id);
        return { seq, toasts: [toast, ...others].slice(0, MAX_TOASTS) };
      },
      dismiss: (context, event: { id: string }) => ({
        ...context,
        toasts: context.toasts.filter((t) => t.id !== event.id),
      }),
      clear: (context) => ({ ...context, toasts: [] }),
    },
  });
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The app's toast store. */
export const toastStore: ToastStore = createToastStore();

/** Adds a toast and returns its id (the one given, or the one made up). */
export function addToast(input: ToastInput, store: ToastStore = toastStore): string {
  const id = input.id ?? `toast-${store.getSnapshot().context.seq + 1}`;
  store.trigger.add({ ...input, id });
  return id;
}

/** Removes a toast, whether shown or already gone. */
export function dismissToast(id: string, store: ToastStore = toastStore): void {
  store.trigger.dismiss({ id });
}
