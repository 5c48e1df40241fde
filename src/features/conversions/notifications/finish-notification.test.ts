import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../api/index.ts';
import { makeRecording } from '../../../api/testing/index.ts';
import type { Recording } from '../api/conversions-api.ts';
import { finishNotification, type FinishNotificationInput } from './finish-notification.ts';

const recording = (extra: Partial<Recording> = {}) =>
  makeRecording({
    id: 'c1',
    type: 'conversion',
    original_id: 'o1',
    label: 'Welcome take Ada',
    voice_name: 'Ada',
    state: 'done',
    ...extra,
  });

const finished = (extra: Partial<Recording> = {}) =>
  ({
    id: 1,
    type: 'conversion.finished',
    created_at: '2026-01-09T10:30:00.000Z',
    data: { recording: recording(extra), project_url: '/ada/podcast' },
  }) as LiveEvent;

const input = (extra: Partial<FinishNotificationInput> = {}): FinishNotificationInput => ({
  enabled: true,
  permission: 'granted',
  hidden: true,
  event: finished(),
  originalName: 'Welcome take',
  ...extra,
});

describe('finishNotification', () => {
  it('says "Conversion complete." with the voice and the original when on, granted and hidden', () => {
    expect(finishNotification(input())).toEqual({ title: 'Conversion complete.', body: 'Ada · Welcome take' });
  });

  it('names the voice alone when the original is unknown, and the label when the voice has no name', () => {
    expect(finishNotification(input({ originalName: null }))?.body).toBe('Ada');
    expect(finishNotification(input({ event: finished({ voice_name: null }) }))?.body).toBe(
      'Welcome take Ada · Welcome take',
    );
  });

  it('shows nothing when the user did not opt in', () => {
    expect(finishNotification(input({ enabled: false }))).toBeNull();
  });

  it('shows nothing unless the browser granted it', () => {
    expect(finishNotification(input({ permission: 'default' }))).toBeNull();
    expect(finishNotification(input({ permission: 'denied' }))).toBeNull();
    expect(finishNotification(input({ permission: 'unsupported' }))).toBeNull();
  });

  it('shows nothing while the tab is visible (the page shows it)', () => {
    expect(finishNotification(input({ hidden: false }))).toBeNull();
  });

  it('shows nothing for a failed conversion or another event', () => {
    expect(finishNotification(input({ event: finished({ state: 'error' }) }))).toBeNull();
    const processing = {
      id: 2,
      type: 'conversion.processing',
      created_at: '2026-01-09T10:30:00.000Z',
      data: { recording_id: 'c1', original_id: 'o1', state: 'processing', process_stage: '1/3', eta_seconds: 3 },
    } as unknown as LiveEvent;
    expect(finishNotification(input({ event: processing }))).toBeNull();
  });
});
