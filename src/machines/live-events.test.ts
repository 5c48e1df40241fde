import { afterEach, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../api/index.ts';
import type { ToastInput } from '../../design-system/index.ts';
import {
  applyLiveBatch,
  followOriginalConversions,
  isOriginalFollowed,
  liveEventsUrl,
  notificationToast,
  onLiveEvents,
} from './live-events.ts';
import type { SessionEvent } from './session.machine.ts';

const at = '2026-11-22T10:00:00.000Z';

describe('notificationToast (SPEC.md section 8)', () => {
  it('shows the detail of an error_code, otherwise the message', () => {
    const base = { type: 'error', channel: 'general', position: 'top' } as const;
    expect(
      notificationToast(
        { ...base, messages: { error_code: 'out_of_minutes', detail: 'You are out of minutes.' } },
        {
          pastWizard: true,
        },
      ),
    ).toEqual({ severity: 'error', channel: 'general', position: 'top', message: 'You are out of minutes.' });
    expect(
      notificationToast({ ...base, messages: { message: 'Try again later.' } }, { pastWizard: true }).message,
    ).toBe('Try again later.');
    expect(notificationToast({ ...base, messages: 'Plain text' }, { pastWizard: true }).message).toBe('Plain text');
  });

  it('links "Conversion complete." to the original in its folder with "Check it now"', () => {
    const toast = notificationToast(
      {
        type: 'success',
        channel: 'conversion',
        position: 'bottom',
        messages: { projectUrl: '/ada/podcast', folderId: 'f1', originalId: 'o1' },
      },
      { pastWizard: true },
    );
    expect(toast).toMatchObject({
      message: 'Conversion complete.',
      channel: 'conversion',
      action: { label: 'Check it now', href: '/ada/podcast?folder=f1&original=o1' },
    });
  });

  it('offers Upgrade Plan only to users past the welcome wizard', () => {
    const n = {
      type: 'warning',
      channel: 'general',
      position: 'top',
      messages: 'Your trial has ended. Upgrade Plan to keep converting.',
    } as const;
    expect(notificationToast(n, { pastWizard: true }).action).toEqual({ label: 'Upgrade Plan', href: '/account/plan' });
    expect(notificationToast(n, { pastWizard: false }).action).toBeUndefined();
  });
});

describe('applyLiveBatch', () => {
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  it('ends the session, updates the user, toasts notifications and tells the features', () => {
    const sent: SessionEvent[] = [];
    const toasts: ToastInput[] = [];
    const heard: LiveEvent[][] = [];
    stops.push(onLiveEvents((events) => heard.push(events)));
    const events: LiveEvent[] = [
      { id: 1, type: 'user.updated', created_at: at, data: { user: { id: 'u' } as never } },
      {
        id: 2,
        type: 'content_moderation.result',
        created_at: at,
        data: {
          recording_id: 'r',
          status: 'rejected',
          message: 'Oops! Your content doesn’t meet our moderation guidelines.',
        },
      },
      {
        id: 3,
        type: 'content_moderation.result',
        created_at: at,
        data: { recording_id: 'r', status: 'approved', message: null },
      },
      {
        id: 4,
        type: 'conversion.notification',
        created_at: at,
        data: { type: 'error', channel: 'conversion', position: 'bottom', messages: 'Conversion failed.' },
      },
      { id: 5, type: 'user.session_end', created_at: at, data: { reason: 'elsewhere' } },
    ];
    applyLiveBatch(
      events,
      { gap: false },
      { send: (e) => sent.push(e), pastWizard: true, toast: (x) => toasts.push(x) },
    );
    expect(sent).toEqual([
      { type: 'session.userUpdated', user: { id: 'u' } },
      { type: 'session.ended', reason: 'elsewhere' },
    ]);
    expect(toasts.map((x) => x.message)).toEqual([
      'Oops! Your content doesn’t meet our moderation guidelines.',
      'Conversion failed.',
    ]);
    expect(heard).toEqual([events]);
  });

  it('shows, without speaking again, the conversion toast about an original whose rows are on screen', () => {
    const done = (id: number, original: string): LiveEvent => ({
      id,
      type: 'conversion.notification',
      created_at: at,
      data: {
        type: 'success',
        channel: 'conversion',
        position: 'bottom',
        messages: { projectUrl: '/ada/demo', folderId: null, originalId: original },
        recording_id: `c${id}`,
        original_id: original,
      },
    });
    const toasts: ToastInput[] = [];
    const deps = { send: () => {}, pastWizard: true, toast: (x: ToastInput) => void toasts.push(x) };
    const stop = followOriginalConversions('o1');
    const again = followOriginalConversions('o1');
    applyLiveBatch([done(1, 'o1'), done(2, 'o2')], { gap: false }, deps);
    again();
    again();
    expect(isOriginalFollowed('o1')).toBe(true);
    stop();
    expect(isOriginalFollowed('o1')).toBe(false);
    applyLiveBatch([done(3, 'o1')], { gap: false }, deps);
    expect(toasts.map((x) => x.spoken)).toEqual([false, undefined, undefined]);
    expect(toasts.every((x) => x.message === 'Conversion complete.')).toBe(true);
  });
});

describe('liveEventsUrl', () => {
  it('uses wss on https pages', () => {
    expect(liveEventsUrl({ protocol: 'https:', host: 'timbre.example' })).toBe('wss://timbre.example/ws');
    expect(liveEventsUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws');
  });
});
