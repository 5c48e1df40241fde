import { describe, expect, it } from 'vitest';
import { BASIC_STYLE, makeVoice, WARM_STYLE } from '../../api/testing/index.ts';
import type { DemoItem, DemoSetMap } from './api/voices-api.ts';
import {
  blockedReason,
  demoFor,
  demoLanguages,
  nameQuery,
  narrationStylesFor,
  offsetOf,
  voiceSortOf,
} from './voice-rules.ts';

const demo = (voiceId: string, language: string): DemoItem => ({
  id: `${voiceId}-${language}`,
  voice_id: voiceId,
  title: `${voiceId} in ${language}`,
  text: null,
  original_url: '/o.wav',
  converted_url: `/${voiceId}-${language}.wav`,
  language,
  duration: 4,
});

describe('voice sorts (SPEC.md section 2)', () => {
  it('finds the offered sort of a stored preference, else the catalogue’s own order', () => {
    expect(voiceSortOf('pitch', 'asc').key).toBe('pitch:asc');
    expect(voiceSortOf('created_at', 'desc').key).toBe('created_at:desc');
    expect(voiceSortOf('name', 'asc').key).toBe('default:desc');
    expect(voiceSortOf('default', 'asc').key).toBe('default:desc');
  });

  it('pages from 1', () => {
    expect(offsetOf(1, 20)).toBe(0);
    expect(offsetOf(3, 20)).toBe(40);
    expect(offsetOf(0, 20)).toBe(0);
  });
});

describe('demos', () => {
  const sets: DemoSetMap = { fr: [demo('a', 'fr'), demo('b', 'fr')], en: [demo('a', 'en')], de: [] };

  it('lists languages with demos, English first', () => {
    expect(demoLanguages(sets)).toEqual(['en', 'fr']);
  });

  it('takes the voice’s demo in the language, else English, else any', () => {
    expect(demoFor(sets, 'a', 'fr')?.id).toBe('a-fr');
    expect(demoFor(sets, 'a', 'de')?.id).toBe('a-en');
    expect(demoFor(sets, 'b')?.id).toBe('b-fr');
    expect(demoFor(sets, 'c')).toBeNull();
  });
});

describe('narration styles (SPEC.md section 5)', () => {
  const voice = makeVoice(1, 'Ada', { narration_styles: [BASIC_STYLE, { ...WARM_STYLE, tags: [] }] });

  it('keeps every style for speech-to-speech and English text-to-speech', () => {
    expect(narrationStylesFor(voice).map((s) => s.id)).toEqual(['BASIC', 'WARM']);
    expect(narrationStylesFor(voice, 'en-GB').map((s) => s.id)).toEqual(['BASIC', 'WARM']);
  });

  it('leaves only BASIC for text-to-speech in another language', () => {
    expect(narrationStylesFor(voice, 'fr').map((s) => s.id)).toEqual(['BASIC']);
    expect(narrationStylesFor(makeVoice(1, 'Ada', { narration_styles: [] }), 'de').map((s) => s.id)).toEqual(['BASIC']);
  });
});

describe('blocked voices', () => {
  it('asks for kids voices to be requested and for other voices outside the plan to be upgraded to', () => {
    expect(blockedReason(makeVoice(1, 'Ada', { available: true, visibility: 'kids' }))).toBeNull();
    expect(blockedReason(makeVoice(1, 'Ada', { available: false, visibility: 'kids' }))).toBe('kids');
    expect(blockedReason(makeVoice(1, 'Ada', { available: false, visibility: 'paid' }))).toBe('voice');
  });
});

describe('nameQuery', () => {
  it('asks for names of what is typed, trimmed', () => {
    expect(nameQuery('  av ', '')).toBe('av');
  });
  it('asks nothing for an empty text, an over-long one, or the search the list already shows', () => {
    expect(nameQuery('   ', '')).toBe('');
    expect(nameQuery('a'.repeat(201), '')).toBe('');
    expect(nameQuery('Ava', 'ava')).toBe('');
  });
});
