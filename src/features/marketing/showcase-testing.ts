import { synthesiseClip } from '../../../design-system/components/WaveformPlayer/story-audio.ts';
import { uuid, type FakeRoute, type FakeRoutes } from '../../api/testing/index.ts';
import type { Showcase, ShowcaseSample, ShowcaseSlot } from './api/showcase-api.ts';

/**
 * The marketing pages' samples for stories, shaped by the contract's types: real (synthesised) audio as
 * blob links, one tone per voice so a switch is heard, and a fake GET /api/v2/showcase route.
 */
const clipUrl = (seconds: number, frequency: number) =>
  URL.createObjectURL(synthesiseClip(seconds, 8000, frequency).wav);

const HERO_SECONDS = 6;
const heroUrls = {
  original: clipUrl(HERO_SECONDS, 150),
  ava: clipUrl(HERO_SECONDS, 260),
  marcus: clipUrl(HERO_SECONDS, 110),
  grumbold: clipUrl(HERO_SECONDS, 75),
};
const useCaseUrl = clipUrl(10, 200);

export const HERO_SAMPLE: ShowcaseSample = {
  slot: 'hero',
  language: 'en',
  text: 'This is one recording. Pick a voice, and hear the same words, with the same timing, in a brand new voice.',
  original_url: heroUrls.original,
  duration: HERO_SECONDS,
  voices: [
    { voice_id: uuid(1), name: 'Ava', url: heroUrls.ava, duration: HERO_SECONDS },
    { voice_id: uuid(2), name: 'Marcus', url: heroUrls.marcus, duration: HERO_SECONDS },
    { voice_id: uuid(3), name: 'Grumbold the Troll', url: heroUrls.grumbold, duration: HERO_SECONDS },
  ],
};

const USE_CASE_VOICES: Record<Exclude<ShowcaseSlot, 'hero'>, string> = {
  narration: 'Marcus',
  dubbing: 'Arthur',
  games: 'Grumbold the Troll',
  podcasts: 'Priya',
  accessibility: 'Ava',
  learning: 'Eleanor',
};

export const USE_CASE_SAMPLES: ShowcaseSample[] = Object.entries(USE_CASE_VOICES).map(([slot, name], i) => ({
  slot: slot as ShowcaseSlot,
  language: 'en',
  text: `A ten-second sample for ${slot}.`,
  original_url: useCaseUrl,
  duration: 10,
  voices: [{ voice_id: uuid(10 + i), name, url: useCaseUrl, duration: 10 }],
}));

/** Every sample rendered. */
export const SHOWCASE_READY: Showcase = { items: [HERO_SAMPLE, ...USE_CASE_SAMPLES], preparing: [] };
/** A fresh server: the engine is still rendering everything. */
export const SHOWCASE_PREPARING: Showcase = {
  items: [],
  preparing: ['hero', ...USE_CASE_SAMPLES.map((s) => s.slot)],
};

/** The fake route of the samples; a function answers each call in turn. */
export function showcaseRoute(
  answer: FakeRoute<'GET /api/v2/showcase'> = { status: 200, body: SHOWCASE_READY },
): FakeRoutes {
  return { 'GET /api/v2/showcase': answer };
}
