/**
 * How a conversion is named where the user meets it outside the page: the file a download saves, in the
 * same words as the server's exports ({original}_{voice}_{+N}st.wav, marketplace.yaml).
 */

/** A pitch shift with its sign, as in file names and labels: +2, -1.5, +0. */
export function signedSemitones(semitones: number): string {
  const value = Number.isFinite(semitones) ? semitones : 0;
  return `${value >= 0 ? '+' : ''}${value}`;
}

// Characters no file system accepts in a name, and control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f]+/g;

const clean = (part: string, fallback: string) => part.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim() || fallback;

/**
 * The name a conversion downloads under: the original's file name without its extension (its label when it
 * has none), the voice, and the pitch shift, e.g. "take_Ava_+2st.wav", as in the server's zip exports.
 */
export function conversionFileName(
  original: { file_name?: string | null; label?: string | null },
  conversion: { voice_name: string | null; semitones_correction: number },
): string {
  const stem = (original.file_name || original.label || 'recording').replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const voice = conversion.voice_name ?? 'voice';
  return `${clean(stem, 'recording')}_${clean(voice, 'voice')}_${signedSemitones(conversion.semitones_correction)}st.wav`;
}

/** Time left as said ("about 12 s left", "about 3 min left"): seconds under a minute, else whole minutes up. */
export function etaParts(seconds: number | null): { unit: 'seconds' | 'minutes'; value: number } | null {
  if (seconds == null || !Number.isFinite(seconds) || seconds <= 0) return null;
  if (seconds < 60) return { unit: 'seconds', value: Math.max(1, Math.round(seconds)) };
  return { unit: 'minutes', value: Math.ceil(seconds / 60) };
}
