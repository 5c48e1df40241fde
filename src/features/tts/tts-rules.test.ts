import { describe, expect, it } from 'vitest';
import { counterLevel, defaultTtsLanguage, formatResetIn, isEnglish, ttsLanguageOptions } from './tts-rules.ts';

describe('formatResetIn', () => {
  it('shows the default retry-after as 12h 0m', () => {
    expect(formatResetIn(43200)).toBe('12h 0m');
  });
  it('falls back to the default when the server gave none', () => {
    expect(formatResetIn(undefined)).toBe('12h 0m');
    expect(formatResetIn(Number.NaN)).toBe('12h 0m');
    expect(formatResetIn(-5)).toBe('12h 0m');
  });
  it('splits hours and minutes, rounding seconds up to the minute', () => {
    expect(formatResetIn(3600 + 25 * 60)).toBe('1h 25m');
    expect(formatResetIn(59)).toBe('0h 1m');
    expect(formatResetIn(0)).toBe('0h 0m');
    expect(formatResetIn(3599)).toBe('1h 0m');
  });
});

describe('counterLevel', () => {
  it('warns from 90 % and flags anything over the limit', () => {
    expect(counterLevel(449, 500)).toBe('ok');
    expect(counterLevel(450, 500)).toBe('near');
    expect(counterLevel(500, 500)).toBe('near');
    expect(counterLevel(501, 500)).toBe('over');
  });
});

describe('isEnglish', () => {
  it('knows English locales', () => {
    expect(isEnglish('en-US')).toBe(true);
    expect(isEnglish('en')).toBe(true);
    expect(isEnglish('fr-FR')).toBe(false);
    expect(isEnglish('eo')).toBe(false);
  });
});

describe('ttsLanguageOptions', () => {
  const voices = [
    { language: 'French', locale: 'fr-FR' },
    { language: 'English', locale: 'en-US' },
    { language: 'English', locale: 'en-US' },
    { language: 'English', locale: 'en-GB' },
    { language: 'German', locale: 'de-DE' },
  ];
  it('keeps one choice per locale, sorted by label', () => {
    expect(ttsLanguageOptions(voices)).toEqual([
      { id: 'en-GB', label: 'English (en-GB)' },
      { id: 'en-US', label: 'English (en-US)' },
      { id: 'fr-FR', label: 'French (fr-FR)' },
      { id: 'de-DE', label: 'German (de-DE)' },
    ]);
  });
  it('starts on American English, else any English, else the first', () => {
    expect(defaultTtsLanguage(ttsLanguageOptions(voices))).toBe('en-US');
    expect(
      defaultTtsLanguage([
        { id: 'fr-FR', label: 'F' },
        { id: 'en-GB', label: 'E' },
      ]),
    ).toBe('en-GB');
    expect(defaultTtsLanguage([{ id: 'fr-FR', label: 'F' }])).toBe('fr-FR');
    expect(defaultTtsLanguage([])).toBeNull();
  });
});
