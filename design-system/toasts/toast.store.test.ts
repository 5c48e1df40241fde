import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announcementLog, clearAnnouncements, setAnnouncerSink, type AnnouncerSink } from '../announcer/announcer.ts';
import {
  CONVERSION_TOAST_DURATION,
  MAX_TOASTS,
  TOAST_DURATION,
  addToast,
  createToastStore,
  dismissToast,
  type ToastStore,
} from './toast.store.ts';

let store: ToastStore;
let spoken: ReturnType<typeof vi.fn<AnnouncerSink>>;
let restore: () => void;
beforeEach(() => {
  store = createToastStore();
  spoken = vi.fn<AnnouncerSink>();
  restore = setAnnouncerSink(spoken);
  clearAnnouncements();
});
const logged = () => announcementLog.getSnapshot().context.entries.map((e) => [e.message, e.politeness]);
afterEach(() => restore());

const messages = () => store.getSnapshot().context.toasts.map((t) => t.message);

describe('toast store', () => {
  it('adds a toast with defaults and returns its id', () => {
    const id = addToast({ message: 'Email sent successfully' }, store);
    expect(store.getSnapshot().context.toasts).toEqual([
      {
        id,
        message: 'Email sent successfully',
        severity: 'info',
        channel: 'general',
        position: 'bottom',
        duration: TOAST_DURATION,
        spoken: true,
      },
    ]);
  });

  it('makes up distinct ids, and keeps a given one', () => {
    const first = addToast({ message: 'One' }, store);
    const second = addToast({ message: 'Two' }, store);
    expect(first).not.toBe(second);
    expect(addToast({ id: 'promo', message: 'Promo' }, store)).toBe('promo');
  });

  it('shows the newest first', () => {
    addToast({ message: 'First' }, store);
    addToast({ message: 'Second' }, store);
    addToast({ message: 'Third' }, store);
    expect(messages()).toEqual(['Third', 'Second', 'First']);
  });

  it(`shows at most ${MAX_TOASTS}: the fifth drops the oldest`, () => {
    for (let i = 1; i <= 5; i++) addToast({ message: `Toast ${i}` }, store);
    expect(messages()).toEqual(['Toast 5', 'Toast 4', 'Toast 3', 'Toast 2']);
  });

  it('lasts 5000 ms by default and half as long for conversion results', () => {
    addToast({ message: 'General' }, store);
    addToast({ message: 'Conversion complete.', channel: 'conversion' }, store);
    addToast({ message: 'Sticky', duration: null }, store);
    addToast({ message: 'Custom', channel: 'conversion', duration: 9000 }, store);
    const byMessage = Object.fromEntries(store.getSnapshot().context.toasts.map((t) => [t.message, t.duration]));
    expect(byMessage).toEqual({
      General: TOAST_DURATION,
      'Conversion complete.': CONVERSION_TOAST_DURATION,
      Sticky: null,
      Custom: 9000,
    });
    expect(CONVERSION_TOAST_DURATION).toBe(2500);
  });

  it('dismisses by id and ignores unknown ids', () => {
    const keep = addToast({ message: 'Keep' }, store);
    const drop = addToast({ message: 'Drop' }, store);
    dismissToast(drop, store);
    dismissToast('nope', store);
    expect(store.getSnapshot().context.toasts.map((t) => t.id)).toEqual([keep]);
  });

  it('replaces a toast added again with the same id', () => {
    addToast({ id: 'upload', message: 'Uploading' }, store);
    addToast({ message: 'Other' }, store);
    addToast({ id: 'upload', message: 'Uploaded', severity: 'success' }, store);
    expect(messages()).toEqual(['Uploaded', 'Other']);
  });

  it('clears every toast', () => {
    addToast({ message: 'One' }, store);
    addToast({ message: 'Two' }, store);
    store.trigger.clear();
    expect(messages()).toEqual([]);
  });

  it('keeps the position and the action', () => {
    const action = { label: 'Check it now', href: '/projects/demo?folderId=1&originalId=2' };
    addToast({ message: 'Conversion complete.', channel: 'conversion', position: 'top', action }, store);
    expect(store.getSnapshot().context.toasts[0]).toMatchObject({ position: 'top', action });
  });
});

describe('toast announcements', () => {
  it('leaves speaking a shown toast to its region and keeps it once in the log, errors as assertive', () => {
    addToast({ message: 'Feedback submitted successfully', severity: 'success' }, store);
    addToast({ message: 'Something went wrong while trying to update feedback', severity: 'error' }, store);
    expect(spoken).not.toHaveBeenCalled();
    expect(logged()).toEqual([
      ['Feedback submitted successfully', 'polite'],
      ['Something went wrong while trying to update feedback', 'assertive'],
    ]);
    expect(store.getSnapshot().context.toasts.every((t) => t.spoken)).toBe(true);
  });

  it('neither speaks nor logs a toast whose outcome the page announced already', () => {
    addToast({ message: 'Conversion complete.', channel: 'conversion', spoken: false }, store);
    expect(messages()).toEqual(['Conversion complete.']);
    expect(store.getSnapshot().context.toasts[0]?.spoken).toBe(false);
    expect(spoken).not.toHaveBeenCalled();
    expect(logged()).toEqual([]);
  });

  it('speaks a11y-channel toasts without showing them', () => {
    addToast({ message: 'Recording saved', channel: 'a11y' }, store);
    expect(messages()).toEqual([]);
    expect(spoken).toHaveBeenCalledWith('Recording saved', 'polite', undefined);
    expect(logged()).toEqual([['Recording saved', 'polite']]);
  });

  it('does not announce again on dismiss', () => {
    const id = addToast({ message: 'Once' }, store);
    dismissToast(id, store);
    expect(logged()).toEqual([['Once', 'polite']]);
  });
});
