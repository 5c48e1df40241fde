import { describe, expect, it } from 'vitest';
import { BASIC_STYLE, createMemoryStorage, makeAccent, makeVoice } from '../api/testing/index.ts';
import {
  capturePreselectedVoice,
  lastUsedVoicesNewestFirst,
  PRESELECTED_VOICE_KEY,
  takePreselectedVoice,
  toLastUsedVoiceEntry,
  voiceIdFromSearch,
  withLastUsedVoice,
  type LastUsedVoiceEntry,
} from './preselected-voice.ts';

const ID = '7d1c8a3e-2f4b-4c6d-9e8f-0a1b2c3d4e5f';

const entry = (id: string): LastUsedVoiceEntry => ({
  id,
  name: id,
  thumbnail: null,
  pitch: 0,
  accent: 'en-US',
  accentName: 'American English',
  isDefault: true,
  narrationStyle: 'BASIC',
  narrationStyleName: 'Basic',
  isDefaultNarrationStyle: true,
  labelAccent: 'US',
  labelNarrationStyle: 'Basic',
  isVoiceTalent: false,
});

describe('preselected voice (SPEC.md section 4)', () => {
  it('takes a voice id from the voice parameter, only if it is a uuid', () => {
    expect(voiceIdFromSearch(`?voice=${ID}`)).toBe(ID);
    expect(voiceIdFromSearch(`?voice=${ID.toUpperCase()}`)).toBe(ID);
    expect(voiceIdFromSearch('?voice=morgan')).toBeNull();
    expect(voiceIdFromSearch('')).toBeNull();
  });

  it('stores it, and hands it over once', () => {
    const storage = createMemoryStorage();
    expect(capturePreselectedVoice(`?voice=${ID}&promo=X`, storage)).toBe(ID);
    expect(storage.getItem(PRESELECTED_VOICE_KEY)).toBe(ID);
    expect(takePreselectedVoice(storage)).toBe(ID);
    expect(takePreselectedVoice(storage)).toBeNull();
    expect(capturePreselectedVoice('?voice=nope', storage)).toBeNull();
    expect(storage.getItem(PRESELECTED_VOICE_KEY)).toBeNull();
  });

  it('makes a last-used entry with pitch 0, the default accent and the default narration style', () => {
    const voice = makeVoice(1, 'Kai', {
      id: ID,
      voice_talent: true,
      accents: [makeAccent('fr-FR', 'French', 'FR', true)],
      narration_styles: [{ ...BASIC_STYLE, is_default: false }],
    });
    expect(toLastUsedVoiceEntry(voice)).toEqual({
      id: ID,
      name: 'Kai',
      thumbnail: null,
      pitch: 0,
      accent: 'fr-FR',
      accentName: 'French',
      isDefault: true,
      narrationStyle: 'BASIC',
      narrationStyleName: 'Basic',
      isDefaultNarrationStyle: false,
      labelAccent: 'FR',
      labelNarrationStyle: 'Basic',
      isVoiceTalent: true,
    });
  });

  it('keys entries by time, newest first, one per voice, at most the limit', () => {
    let voices = withLastUsedVoice({}, entry('a'), 100, 3);
    voices = withLastUsedVoice(voices, entry('b'), 200, 3);
    voices = withLastUsedVoice(voices, entry('a'), 300, 3);
    expect(voices).toEqual({ '200': entry('b'), '300': entry('a') });
    expect(lastUsedVoicesNewestFirst(voices).map((v) => v.id)).toEqual(['a', 'b']);
    voices = withLastUsedVoice(voices, entry('c'), 400, 3);
    voices = withLastUsedVoice(voices, entry('d'), 500, 3);
    expect(lastUsedVoicesNewestFirst(voices).map((v) => v.id)).toEqual(['d', 'c', 'a']);
  });
});
