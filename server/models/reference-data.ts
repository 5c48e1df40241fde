/** The accents of SPEC.md section 9's accent countries, keyed by locale. */
export const ACCENT_INFOS = [
  { locale: 'en-US', name: 'American English', short_name: 'US', country: 'United States', language: 'en', flag: '🇺🇸' },
  { locale: 'en-GB', name: 'British English', short_name: 'UK', country: 'United Kingdom', language: 'en', flag: '🇬🇧' },
  { locale: 'en-IN', name: 'Indian English', short_name: 'IN', country: 'India', language: 'en', flag: '🇮🇳' },
  { locale: 'zh-CN', name: 'Mandarin Chinese', short_name: 'CN', country: 'China', language: 'zh', flag: '🇨🇳' },
  { locale: 'es-ES', name: 'Castilian Spanish', short_name: 'ES', country: 'Spain', language: 'es', flag: '🇪🇸' },
  { locale: 'tr-TR', name: 'Turkish', short_name: 'TR', country: 'Turkey', language: 'tr', flag: '🇹🇷' },
  { locale: 'uk-UA', name: 'Ukrainian', short_name: 'UA', country: 'Ukraine', language: 'uk', flag: '🇺🇦' },
  { locale: 'de-DE', name: 'German', short_name: 'DE', country: 'Germany', language: 'de', flag: '🇩🇪' },
  { locale: 'fr-FR', name: 'French', short_name: 'FR', country: 'France', language: 'fr', flag: '🇫🇷' },
] as const;
