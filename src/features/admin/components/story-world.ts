import { audiowaveformFromSamples } from '../../../../design-system/index.ts';
import { synthesiseClip } from '../../../../design-system/components/WaveformPlayer/story-audio.ts';
import { createHarness } from '../../../machines/story-harness.tsx';
import { uuid } from '../../../api/testing/index.ts';
import type { AdminUser } from '../api/admin-api.ts';
import { adminRoutes, makeAdminUser, makeErrorReport, makeReport, makeUsage, type AdminState } from '../story-fakes.ts';

// One real clip with its peaks for the A/B player of the stories' conversion issue.
const clip = synthesiseClip(4, 8000);
const audioUrl = URL.createObjectURL(clip.wav);
const peaksUrl = URL.createObjectURL(
  new Blob([JSON.stringify(audiowaveformFromSamples([clip.samples], clip.sampleRate, 64, 8))], {
    type: 'application/json',
  }),
);

export const ADMIN: AdminUser = makeAdminUser(99, 'Root', 'Admin', { roles: ['admin'] });

/** A console with three users (one in a group), their usage, a red user's issue and a feedback. */
export function adminWorld(extra: Partial<AdminState> = {}): AdminState {
  const ada = makeAdminUser(1, 'Ada', 'Lovelace', { created_at: '2026-01-03T10:00:00.000Z' });
  const alan = makeAdminUser(2, 'Alan', 'Turing', { t_level: 1, created_at: '2026-01-02T10:00:00.000Z' });
  const grace = makeAdminUser(3, 'Grace', 'Hopper', { t_level: 3, created_at: '2026-01-01T10:00:00.000Z' });
  const pioneers = { id: uuid(50), name: 'Pioneers', user_count: 2 };
  return {
    users: [ada, alan, grace],
    groups: [pioneers, { id: uuid(51), name: 'Press', user_count: 0 }],
    members: { [pioneers.id]: [ada.id, alan.id] },
    usage: [
      makeUsage(ada.id, { seconds_converted: 5400, conversions: 12, tts_characters: 1200, storage_bytes: 52_000_000 }),
      makeUsage(alan.id, { seconds_converted: 30, conversions: 1, last_activity_at: null }),
    ],
    reports: [
      makeReport(1, {
        user: {
          id: alan.id,
          username: alan.username,
          email: alan.email,
          first_name: 'Alan',
          last_name: 'Turing',
          t_level: 1,
        },
        description: 'The voice cracks at the end',
        conversion: {
          id: uuid(801),
          original_id: uuid(800),
          project_id: uuid(810),
          parent_folder_id: null,
          label: 'take',
          voice_name: 'Alto',
          url: audioUrl,
          waveform_url: peaksUrl,
          duration: 4,
          original_url: audioUrl,
          original_waveform_url: peaksUrl,
          original_duration: 4,
          deleted: false,
        },
      }),
      makeReport(2, {
        kind: 'feedback',
        description: 'Please add more accents',
        user: {
          id: ada.id,
          username: ada.username,
          email: ada.email,
          first_name: 'Ada',
          last_name: 'Lovelace',
          t_level: 0,
        },
        feedback: {
          type: 'feedback',
          topic: 'Voices',
          name: null,
          email: null,
          files: [{ file_name: 'shot.png', content_type: 'image/png', size: 2048, url: audioUrl }],
        },
      }),
    ],
    audit: [],
    errors: [
      makeErrorReport(2, {
        message: 'Debug route threw on purpose',
        route: '/debug/error',
        count: 3,
        last_seen: '2026-01-06T09:15:42.000Z',
      }),
      makeErrorReport(1, {
        platform: 'server',
        message: 'Summary exploded',
        route: '/api/v3/events/summary',
        stack: null,
      }),
    ],
    summary: {
      days: 7,
      page_views: [12, 30, 18, 0, 25, 41, 9].map((count, i) => ({ date: `2026-01-0${i + 1}`, count })),
      funnel: [
        { step: 'sign_up', count: 40 },
        { step: 'verified', count: 31 },
        { step: 'trial_started', count: 28 },
        { step: 'first_upload', count: 20 },
        { step: 'order_placed', count: 14 },
        { step: 'conversion_finished', count: 13 },
        { step: 'checkout_started', count: 6 },
        { step: 'subscribed', count: 4 },
      ],
    },
    ...extra,
  };
}

export async function adminHarness(path: string, state: AdminState = adminWorld()) {
  const harness = await createHarness({ path, user: ADMIN, routes: adminRoutes(state, ADMIN) });
  return { harness, state };
}
