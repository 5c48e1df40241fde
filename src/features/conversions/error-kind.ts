/** What a failed conversion's error is about, to say what it means and what to do. */
export type ConversionErrorKind = 'moderation' | 'audio' | 'unknown';

/**
 * The kind of a conversion's error message (the server's words, free text): content moderation (SPEC.md
 * section 5's message), a problem with the original's audio, or anything else, which a retry may fix.
 */
export function conversionErrorKind(error: string | null | undefined): ConversionErrorKind {
  const text = (error ?? '').toLowerCase();
  if (/moderation|guidelines/.test(text)) return 'moderation';
  if (/audio|decode|silen|format|corrupt|too short|sample rate/.test(text)) return 'audio';
  return 'unknown';
}
