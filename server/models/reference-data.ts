/**
 * The accents of SPEC.md section 9's accent countries, keyed by locale. engine_voice is the eSpeak-NG
 * language/variant the TTS synthesiser speaks the accent with (DESIGN.md "accents map to the
 * synthesiser's language/variant"). eSpeak-NG has no Indian English voice: en-IN speaks with the
 * British English voice, the nearest one it ships. region is the ISO 3166-1 alpha-2 code of the accent's
 * country (GB for the United Kingdom, whose short_name is UK): the UI draws the country's flag from it.
 * flag, the regional-indicator emoji, stays in the API for clients that show it; ours does not.
 */
export const ACCENT_INFOS = [
  {
    locale: 'en-US',
    name: 'American English',
    short_name: 'US',
    country: 'United States',
    language: 'en',
    flag: '🇺🇸',
    region: 'US',
    engine_voice: 'en-us',
  },
  {
    locale: 'en-GB',
    name: 'British English',
    short_name: 'UK',
    country: 'United Kingdom',
    language: 'en',
    flag: '🇬🇧',
    region: 'GB',
    engine_voice: 'en-gb-x-rp',
  },
  {
    locale: 'en-IN',
    name: 'Indian English',
    short_name: 'IN',
    country: 'India',
    language: 'en',
    flag: '🇮🇳',
    region: 'IN',
    engine_voice: 'en-gb',
  },
  {
    locale: 'zh-CN',
    name: 'Mandarin Chinese',
    short_name: 'CN',
    country: 'China',
    language: 'zh',
    flag: '🇨🇳',
    region: 'CN',
    engine_voice: 'cmn',
  },
  {
    locale: 'es-ES',
    name: 'Castilian Spanish',
    short_name: 'ES',
    country: 'Spain',
    language: 'es',
    flag: '🇪🇸',
    region: 'ES',
    engine_voice: 'es',
  },
  {
    locale: 'tr-TR',
    name: 'Turkish',
    short_name: 'TR',
    country: 'Turkey',
    language: 'tr',
    flag: '🇹🇷',
    region: 'TR',
    engine_voice: 'tr',
  },
  {
    locale: 'uk-UA',
    name: 'Ukrainian',
    short_name: 'UA',
    country: 'Ukraine',
    language: 'uk',
    flag: '🇺🇦',
    region: 'UA',
    engine_voice: 'uk',
  },
  {
    locale: 'de-DE',
    name: 'German',
    short_name: 'DE',
    country: 'Germany',
    language: 'de',
    flag: '🇩🇪',
    region: 'DE',
    engine_voice: 'de',
  },
  {
    locale: 'fr-FR',
    name: 'French',
    short_name: 'FR',
    country: 'France',
    language: 'fr',
    flag: '🇫🇷',
    region: 'FR',
    engine_voice: 'fr-fr',
  },
] as const;

export type AccentLocale = (typeof ACCENT_INFOS)[number]['locale'];
