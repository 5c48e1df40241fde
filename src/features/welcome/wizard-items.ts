import type { LiveEvent } from '../../api/index.ts';
import type { Recording, WizardVoice } from './api/welcome-api.ts';
import { stageProgress } from '../../shared/process-stage.ts';

/** SPEC.md section 2: a wizard step item is processing, error, done or skip. */
export type WizardItemStatus = 'processing' | 'error' | 'done' | 'skip';

/** One conversion of the wizard's original into one of its voices. */
export interface WizardItem {
  /** The conversion's id. */
  id: string;
  voiceId: string;
  voiceName: string;
  status: WizardItemStatus;
  /** Percent done, 0–100, from process_stage. */
  progress: number;
  /** Why it failed, when it did. */
  error: string | null;
  /** The conversion as last known (its audio once done). */
  recording: Recording | null;
}

export function statusOfState(state: Recording['state']): WizardItemStatus {
  if (state === 'done') return 'done';
  if (state === 'error' || state === 'cancelled') return 'error';
  return 'processing';
}

/** The items of a fresh order: each conversion with its voice (by voice_id, else in order). */
export function itemsOfOrder(conversions: readonly Recording[], voices: readonly WizardVoice[]): WizardItem[] {
  return conversions.map((recording, index) => {
    const voice = voices.find((v) => v.id === recording.voice_id) ?? voices[index];
    return itemOf(recording, voice?.id ?? recording.voice_id ?? '', voice?.name ?? recording.voice_name ?? '');
  });
}

function itemOf(recording: Recording, voiceId: string, voiceName: string): WizardItem {
  const status = statusOfState(recording.state);
  return {
    id: recording.id,
    voiceId,
    voiceName,
    status,
    progress: status === 'done' ? 100 : status === 'processing' ? stageProgress(recording.process_stage ?? '0') : 0,
    error: status === 'error' ? (recording.error ?? null) : null,
    recording,
  };
}

/** An item following a recording's new state; a skipped item stays skipped. */
function follow(item: WizardItem, recording: Recording): WizardItem {
  if (item.status === 'skip') return item;
  return itemOf(recording, item.voiceId, item.voiceName);
}

export interface LiveUpdate {
  items: WizardItem[];
  /** The original, when an event was about it (a TTS original getting done). */
  original: Recording | null;
}

/** Applies a batch of live events to the wizard's items and original. */
export function applyLiveEvents(
  items: readonly WizardItem[],
  original: Recording | null,
  events: readonly LiveEvent[],
): LiveUpdate {
  let next = [...items];
  let nextOriginal = original;
  for (const event of events) {
    if (event.type === 'conversion.finished') {
      const { recording } = event.data;
      if (original && recording.id === original.id) nextOriginal = recording;
      next = next.map((item) => (item.id === recording.id ? follow(item, recording) : item));
    } else if (event.type === 'conversion.processing') {
      const { data } = event;
      next = next.map((item) =>
        item.id === data.recording_id && item.status !== 'skip'
          ? {
              ...item,
              // Done only with conversion.finished, which brings the audio.
              status: statusOfState(data.state) === 'error' ? 'error' : 'processing',
              progress: data.state === 'done' ? 100 : stageProgress(data.process_stage),
            }
          : item,
      );
    }
  }
  return { items: next, original: nextOriginal };
}

/** Applies the conversions as fetched (after a gap in the live events). */
export function applyFetched(items: readonly WizardItem[], recordings: readonly Recording[]): WizardItem[] {
  return items.map((item) => {
    const recording = recordings.find((r) => r.id === item.id);
    return recording ? follow(item, recording) : item;
  });
}

/** Every item done or skipped: the wizard can show the conversions. */
export const allSettled = (items: readonly WizardItem[]): boolean =>
  items.length > 0 && items.every((item) => item.status === 'done' || item.status === 'skip');

/** The whole order's progress: done and skipped items count as 100, failed ones as 0. */
export function overallProgress(items: readonly WizardItem[]): number {
  const counted = items.filter((item) => item.status !== 'error');
  if (counted.length === 0) return 0;
  const sum = counted.reduce((total, item) => total + (item.status === 'processing' ? item.progress : 100), 0);
  return sum / counted.length;
}
