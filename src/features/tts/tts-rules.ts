/** SPEC.md section 9: the daily TTS request limit and its reset, when the 429 does not say. */
export const DEFAULT_TTS_DAILY_LIMIT = 100;
export const DEFAULT_TTS_RETRY_AFTER = 43200;
/** The share of the limit from which the counter warns. */
export const NEAR_LIMIT_RATIO = 0.9;

export type CounterLevel = 'ok' | 'near' | 'over';

/** Where a text of `count` characters stands against `limit`: fine, near it (90 % and up) or over it. */
export function counterLevel(count: number, limit: number): CounterLevel {
  if (count > limit) return 'over';
  if (count >= Math.ceil(limit * NEAR_LIMIT_RATIO)) return 'near';
  return 'ok';
}

/**
 * SPEC.md section 9: the time until the daily limit resets, in hours and minutes ("12h 0m" for 43200 s).
 * Seconds round up to the minute, so a reset less than a minute away never reads "0h 0m".
 */
export function formatResetIn(seconds: number | undefined | null): string {
  const value =
    typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_TTS_RETRY_AFTER;
  const minutes = Math.ceil(value / 60);
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** Whether a TTS language (a locale like en-US, or a language code) is English: others get BASIC only. */
export const isEnglish = (locale: string): boolean => /^en(-|$)/i.test(locale);

/** One choice of the language picker: a locale the synthesiser speaks. */
export interface TtsLanguageOption {
  id: string;
  label: string;
}

/**
 * The language picker's choices from GET /api/tts-voices: one per distinct locale, labelled with its
 * language ("French (fr-FR)"), sorted by label.
 */
export function ttsLanguageOptions(voices: ReadonlyArray<{ language: string; locale: string }>): TtsLanguageOption[] {
  const byLocale = new Map<string, TtsLanguageOption>();
  for (const voice of voices) {
    if (!byLocale.has(voice.locale))
      byLocale.set(voice.locale, { id: voice.locale, label: `${voice.language} (${voice.locale})` });
  }
  return [...byLocale.values()].sort((a, b) => a.label.localeCompare(b.label));
}

/** The language chosen first: American English when there is one, else any English, else the first. */
export function defaultTtsLanguage(options: ReadonlyArray<TtsLanguageOption>): string | null {
  return (options.find((o) => o.id === 'en-US') ?? options.find((o) => isEnglish(o.id)) ?? options[0])?.id ?? null;
}
