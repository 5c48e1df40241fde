import { describe, expect, it } from 'vitest';
import { BASIC_STYLE, makeAccent, makeVoice, WARM_STYLE } from '../api/testing/index.ts';
import type { Voice } from './preselected-voice.ts';
import {
  createVoiceSelectionStore,
  MAX_CHOSEN_VOICES,
  orderConversionsOf,
  settingsOf,
  snapSemitones,
  voiceChoiceOf,
} from './voice-selection.ts';

const voice = (id: string, extra: Partial<Voice> = {}): Voice =>
  makeVoice(1, `Voice ${id}`, {
    id,
    pitch: 180,
    created_at: '2026-01-01T00:00:00Z',
    accents: [makeAccent('en-GB', 'British English', 'UK'), makeAccent('en-US', 'American English', 'US', true)],
    narration_styles: [{ ...WARM_STYLE, tags: [] }, BASIC_STYLE],
    thumbnail_url: `/voices/${id}.png`,
    nationality: null,
    ...extra,
  });

describe('semitones (SPEC.md section 5: step 0.5)', () => {
  it('snaps to half semitones within −24..24', () => {
    expect(snapSemitones(2.24)).toBe(2);
    expect(snapSemitones(2.26)).toBe(2.5);
    expect(snapSemitones(-0.1)).toBe(0);
    expect(Object.is(snapSemitones(-0.1), -0)).toBe(false);
    expect(snapSemitones(30)).toBe(24);
    expect(snapSemitones(-30)).toBe(-24);
    expect(snapSemitones(Number.NaN)).toBe(0);
  });
});

describe('a voice’s settings', () => {
  it('are the defaults when nothing was saved: default accent, BASIC, 0', () => {
    expect(settingsOf(voice('a'))).toEqual({ accentId: 'en-US', narrationStyleId: 'BASIC', semitones: 0 });
  });

  it('are the saved ones, and what is asked for wins where it is one of the voice’s', () => {
    const saved = voice('a', {
      settings: {
        voice_id: 'a',
        favorite: false,
        semitones_correction: -3,
        accent_id: 'en-GB',
        narration_style_id: 'WARM',
      },
    });
    expect(settingsOf(saved)).toEqual({ accentId: 'en-GB', narrationStyleId: 'WARM', semitones: -3 });
    expect(settingsOf(saved, { accentId: 'fr-FR', narrationStyleId: 'BASIC', semitones: 4.5 })).toEqual({
      accentId: 'en-GB',
      narrationStyleId: 'BASIC',
      semitones: 4.5,
    });
  });

  it('fall back to BASIC when the voice marks no default style', () => {
    const v = voice('a', {
      narration_styles: [
        { id: 'WARM', info: { name: 'Warm' }, is_default: false, tags: [] },
        { id: 'BASIC', info: { name: 'Basic' }, is_default: false, tags: [] },
      ],
    });
    expect(settingsOf(v).narrationStyleId).toBe('BASIC');
  });
});

describe('voice choices', () => {
  it('have the last-used entry’s shape, pitch being the semitones', () => {
    expect(voiceChoiceOf(voice('a'), { accentId: 'en-GB', semitones: 2.5 })).toEqual({
      id: 'a',
      name: 'Voice a',
      thumbnail: '/voices/a.png',
      pitch: 2.5,
      accent: 'en-GB',
      accentName: 'British English',
      isDefault: false,
      narrationStyle: 'BASIC',
      narrationStyleName: 'Basic',
      isDefaultNarrationStyle: true,
      labelAccent: 'UK',
      labelNarrationStyle: 'Basic',
      isVoiceTalent: false,
    });
  });

  it('become the conversions of an order, in the order they were chosen', () => {
    const choices = [
      voiceChoiceOf(voice('a'), { semitones: -2 }),
      voiceChoiceOf(voice('b'), { narrationStyleId: 'WARM' }),
    ];
    expect(orderConversionsOf(choices)).toEqual([
      { voice_id: 'a', accent_id: 'en-US', narration_style_id: 'BASIC', semitones_correction: -2 },
      { voice_id: 'b', accent_id: 'en-US', narration_style_id: 'WARM', semitones_correction: 0 },
    ]);
  });
});

describe('voice selection store', () => {
  it('adds voices once, changes their settings, and removes them', () => {
    const store = createVoiceSelectionStore();
    store.trigger.add({ choice: voiceChoiceOf(voice('a')) });
    store.trigger.add({ choice: voiceChoiceOf(voice('b')) });
    store.trigger.add({ choice: voiceChoiceOf(voice('a'), { semitones: 3 }) });
    expect(store.getSnapshot().context.choices.map((c) => [c.id, c.pitch])).toEqual([
      ['a', 3],
      ['b', 0],
    ]);

    store.trigger.update({ choice: voiceChoiceOf(voice('b'), { semitones: -1.5 }) });
    store.trigger.update({ choice: voiceChoiceOf(voice('z')) });
    store.trigger.remove({ id: 'a' });
    expect(store.getSnapshot().context.choices.map((c) => [c.id, c.pitch])).toEqual([['b', -1.5]]);
  });

  it('holds at most the 20 conversions an order may have', () => {
    const store = createVoiceSelectionStore();
    for (let i = 0; i < MAX_CHOSEN_VOICES + 3; i++) store.trigger.add({ choice: voiceChoiceOf(voice(`v${i}`)) });
    expect(store.getSnapshot().context.choices).toHaveLength(MAX_CHOSEN_VOICES);
    expect(store.getSnapshot().context.choices.at(-1)?.id).toBe('v19');
  });

  it('starts empty for another user and is emptied by clear', () => {
    const store = createVoiceSelectionStore();
    store.trigger.bind({ userId: 'u1' });
    store.trigger.add({ choice: voiceChoiceOf(voice('a')) });
    store.trigger.bind({ userId: 'u1' });
    expect(store.getSnapshot().context.choices).toHaveLength(1);
    store.trigger.bind({ userId: 'u2' });
    expect(store.getSnapshot().context.choices).toEqual([]);
    store.trigger.add({ choice: voiceChoiceOf(voice('a')) });
    store.trigger.clear();
    expect(store.getSnapshot().context).toEqual({ userId: 'u2', choices: [] });
  });
});
