/**
 * The accents of SPEC.md section 9's accent countries, keyed by locale. engine_voice is the eSpeak-NG
 * language/variant the TTS synthesiser speaks the accent with (DESIGN.md "accents map to the
 * synthesiser's language/variant"). eSpeak-NG has no Indian English voice: en-IN speaks with the
 * British English voice, the nearest one it ships.
 */
export const ACCENT_INFOS = [
  {
    locale: 'en-US',
    name: 'American English',
    short_name: 'US',
    country: 'United States',
    language: 'en',
    flag: '🇺🇸',
    engine_voice: 'en-us',
  },
  {
    locale: 'en-GB',
    name: 'British English',
    short_name: 'UK',
    country: 'United Kingdom',
    language: 'en',
    flag: '🇬🇧',
    engine_voice: 'en-gb-x-rp',
  },
  {
    locale: 'en-IN',
    name: 'Indian English',
    short_name: 'IN',
    country: 'India',
    language: 'en',
    flag: '🇮🇳',
    engine_voice: 'en-gb',
  },
  {
    locale: 'zh-CN',
    name: 'Mandarin Chinese',
    short_name: 'CN',
    country: 'China',
    language: 'zh',
    flag: '🇨🇳',
    engine_voice: 'cmn',
  },
  {
    locale: 'es-ES',
    name: 'Castilian Spanish',
    short_name: 'ES',
    country: 'Spain',
    language: 'es',
    flag: '🇪🇸',
    engine_voice: 'es',
  },
  {
    locale: 'tr-TR',
    name: 'Turkish',
    short_name: 'TR',
    country: 'Turkey',
    language: 'tr',
    flag: '🇹🇷',
    engine_voice: 'tr',
  },
  {
    locale: 'uk-UA',
    name: 'Ukrainian',
    short_name: 'UA',
    country: 'Ukraine',
    language: 'uk',
    flag: '🇺🇦',
    engine_voice: 'uk',
  },
  {
    locale: 'de-DE',
    name: 'German',
    short_name: 'DE',
    country: 'Germany',
    language: 'de',
    flag: '🇩🇪',
    engine_voice: 'de',
  },
  {
    locale: 'fr-FR',
    name: 'French',
    short_name: 'FR',
    country: 'France',
    language: 'fr',
    flag: '🇫🇷',
    engine_voice: 'fr-fr',
  },
] as const;

export type AccentLocale = (typeof ACCENT_INFOS)[number]['locale'];
