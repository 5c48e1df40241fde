import { audiowaveformFromSamples } from '../../../../design-system/index.ts';
import { synthesiseClip } from '../../../../design-system/components/WaveformPlayer/story-audio.ts';
import {
  BASIC_STYLE,
  day,
  makeConversion as baseConversion,
  makeProject as baseProject,
  makeRecording,
  makeVoice as baseVoice,
  uuid,
  WARM_STYLE,
  type FakeRoutes,
} from '../../../api/testing/index.ts';
import type { LiveEvent } from '../../../api/index.ts';
import type { Voice } from '../../../machines/index.ts';
import type { Project, Recording, RecordingState } from '../api/conversions-api.ts';

/**
 * A small marketplace for the conversions' stories: an original, its conversions and the order calls, kept
 * in memory and answered as marketplace.yaml says (list by original, retry of a failed or cancelled one,
 * delete that cancels one in progress, issue reports, orders), plus the live events a play sends. It stands
 * in for the network only; the components, machines, API clients and middleware run for real.
 */

// One real clip with its peaks: the original's player loads real audio.
const clip = synthesiseClip(4, 8000);
export const audioUrl = URL.createObjectURL(clip.wav);
const peaksUrl = URL.createObjectURL(
  new Blob([JSON.stringify(audiowaveformFromSamples([clip.samples], clip.sampleRate, 64, 8))], {
    type: 'application/json',
  }),
);

export { uuid };

export const PROJECT_ID = uuid(3);
export const FOLDER_ID = uuid(103);

function recording(extra: Partial<Recording>): Recording {
  return makeRecording({ url: audioUrl, waveform_url: peaksUrl, ...extra });
}

export function makeOriginal(extra: Partial<Recording> = {}): Recording {
  return recording({ id: uuid(201), ...extra });
}

/** A conversion of `original` into a voice, in a state (done ones have their audio), in the story's folder. */
export function makeConversion(
  n: number,
  original: Recording,
  voice: string,
  state: RecordingState,
  extra: Partial<Recording> = {},
): Recording {
  return baseConversion(n, original, voice, state, {
    project_id: PROJECT_ID,
    parent_folder_id: FOLDER_ID,
    url: state === 'done' ? audioUrl : null,
    waveform_url: state === 'done' ? peaksUrl : null,
    ...extra,
  });
}

export function makeProject(): Project {
  return baseProject(3, 'Podcast', {
    created_at: day(1),
    updated_at: day(1),
    last_recording_at: day(1),
    stats: { folders: 1, originals: 1, conversions: 0, duration: 4, size: 96_044 },
  });
}

/** A voice with two accents and two narration styles, as POST /api/v2/voices/by-ids answers it. */
export function makeVoice(n: number, name: string): Voice {
  return baseVoice(n, name, {
    pitch: 120,
    created_at: day(1),
    narration_styles: [BASIC_STYLE, { ...WARM_STYLE, tags: [] }],
  });
}

export interface ConversionsState {
  originals: Recording[];
  conversions: Recording[];
  /** The voices POST /api/v2/voices/by-ids knows. */
  voiceDetails?: Voice[];
  /** The names of the voices orders may name (those of `conversions` are known already). */
  voices?: Record<string, string>;
  /** Answers to replace by route, e.g. a refusal. */
  overrides?: FakeRoutes;
}

/** The routes of the fake marketplace over `state` (mutated as calls arrive). */
export function conversionsRoutes(state: ConversionsState): FakeRoutes {
  let next = 900;
  const voiceNames: Record<string, string> = { ...state.voices };
  for (const c of state.conversions) if (c.voice_id && c.voice_name) voiceNames[c.voice_id] = c.voice_name;
  const routes: FakeRoutes = {
    'GET /api/recordings/conversions': (call) => {
      const items = state.conversions
        .filter((c) => c.original_id === call.query.get('original_id') && c.active)
        .sort((a, b) => (a.updated_at < b.updated_at ? 1 : -1));
      const offset = Number(call.query.get('offset') ?? 0);
      const limit = Number(call.query.get('limit') ?? 40);
      return { status: 200, body: { items: items.slice(offset, offset + limit), total: items.length, offset, limit } };
    },
    'POST /api/recordings/conversion-count': (call) => {
      const { original_id, voice_ids } = call.body as { original_id: string; voice_ids: string[] };
      if (!state.originals.some((o) => o.id === original_id)) {
        return { status: 404, body: { detail: 'Original not found' } };
      }
      const counts = Object.fromEntries(
        voice_ids.map((id) => [
          id,
          state.conversions.filter((c) => c.original_id === original_id && c.voice_id === id && c.active).length,
        ]),
      );
      return { status: 200, body: { original_id, counts } };
    },
    'POST /api/v2/orders': (call) => {
      const request = call.body as {
        original_id: string;
        conversions: {
          voice_id: string;
          semitones_correction: number;
          accent_id?: string | null;
          narration_style_id?: string;
        }[];
      };
      const original = state.originals.find((o) => o.id === request.original_id);
      if (!original) return { status: 404, body: { detail: 'Original not found' } };
      const made = request.conversions.map((c) =>
        makeConversion(next++, original, voiceNames[c.voice_id] ?? 'Voice', 'queued', {
          voice_id: c.voice_id,
          semitones_correction: c.semitones_correction,
          ...(c.accent_id ? { accent_id: c.accent_id } : {}),
          ...(c.narration_style_id ? { narration_style_id: c.narration_style_id } : {}),
        }),
      );
      state.conversions.push(...made);
      return { status: 202, body: { order_id: uuid(800), conversions: made } };
    },
    'GET /api/projects/{id}': (call) =>
      call.params.id === PROJECT_ID ? { status: 200, body: makeProject() } : undefined,
    'POST /api/v2/voices/by-ids': (call) => {
      const ids = (call.body as { voice_ids: string[] }).voice_ids;
      return { status: 200, body: { items: (state.voiceDetails ?? []).filter((v) => ids.includes(v.id)) } };
    },
  };
  // Each per-id route knows the ids of `state` only: another id is left to the next route, or a 404.
  const conversionOf = (id: string) => state.conversions.find((c) => c.id === id);
  routes['GET /api/recordings/{id}'] = (call) => {
    const original = state.originals.find((o) => o.id === call.params.id);
    return original && { status: 200, body: original };
  };
  routes['POST /api/v2/orders/retry/{id}'] = (call) => {
    const conversion = conversionOf(call.params.id);
    if (!conversion) return undefined;
    if (!conversion.active) return { status: 404, body: { detail: 'Conversion not found' } };
    if (conversion.state !== 'error' && conversion.state !== 'cancelled') {
      return { status: 409, body: { detail: 'Only a failed or cancelled conversion can be retried' } };
    }
    Object.assign(conversion, { state: 'queued', error: null, process_stage: '0' });
    return { status: 202, body: conversion };
  };
  routes['DELETE /api/recordings/{id}'] = (call) => {
    const { id } = call.params;
    const conversion = conversionOf(id);
    if (!conversion) return undefined;
    if (['queued', 'processing', 'postprocessing'].includes(conversion.state)) conversion.state = 'cancelled';
    conversion.active = false;
    if (call.query.get('hard_delete') === 'true') state.conversions = state.conversions.filter((c) => c.id !== id);
    return { status: 200, body: [id] };
  };
  routes['PATCH /api/recordings/{id}'] = (call) => {
    const conversion = conversionOf(call.params.id);
    if (!conversion) return undefined;
    Object.assign(conversion, call.body as Partial<Recording>, { updated_at: day(9) });
    return { status: 200, body: conversion };
  };
  routes['POST /api/recordings/{id}/conversion-issue'] = (call) => {
    const { id } = call.params;
    if (!conversionOf(id)) return undefined;
    return {
      status: 201,
      body: {
        id: uuid(700),
        recording_id: id,
        description: (call.body as { description: string }).description,
        created_at: day(9),
      },
    };
  };
  return { ...routes, ...state.overrides };
}

let eventId = 1;

/** conversion.processing for a conversion, as the socket sends it. */
export function processing(
  conversion: Recording,
  state: 'queued' | 'processing' | 'postprocessing',
  stage: string,
  eta: number | null = null,
): LiveEvent {
  return {
    id: eventId++,
    type: 'conversion.processing',
    created_at: day(9),
    data: {
      recording_id: conversion.id,
      original_id: conversion.original_id!,
      project_id: conversion.project_id,
      folder_id: conversion.parent_folder_id,
      state,
      process_stage: stage,
      eta_seconds: eta,
    },
  } as LiveEvent;
}

/** conversion.finished with the recording as stored. */
export function finished(conversion: Recording): LiveEvent {
  return {
    id: eventId++,
    type: 'conversion.finished',
    created_at: day(9),
    data: { recording: conversion, project_url: '/ada/podcast' },
  } as LiveEvent;
}

/** conversion.notification for a finished conversion ("Conversion complete." with "Check it now"), as the server sends it after conversion.finished. */
export function completedNotification(conversion: Recording): LiveEvent {
  return {
    id: eventId++,
    type: 'conversion.notification',
    created_at: day(9),
    data: {
      type: 'success',
      channel: 'conversion',
      position: 'bottom',
      messages: {
        projectUrl: '/ada/podcast',
        folderId: conversion.parent_folder_id,
        originalId: conversion.original_id!,
      },
      recording_id: conversion.id,
      original_id: conversion.original_id,
    },
  } as LiveEvent;
}
