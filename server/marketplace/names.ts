/** Names of projects and folders and labels of recordings (openapi Name): 1..40 of these, not starting with "--". */
export const NAME_PATTERN = /^(?!--)[A-Za-z0-9()[\]., -]{1,40}$/;

/**
 * A label the server makes (from an uploaded file name) that follows the Name rule: other characters
 * become spaces, runs of spaces collapse, cut to 40, "Recording" when nothing is left.
 */
export function toName(raw: string, fallback = 'Recording'): string {
  const name = raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9()[\]., -]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(-\s*){2,}/, '')
    .trim()
    .slice(0, 40)
    .trim();
  return NAME_PATTERN.test(name) ? name : fallback;
}

/**
 * The label of a text-to-speech original: the text's first words within the Name rule, cut at a word
 * boundary (never mid-word) and trimmed of the punctuation left at the cut ("Guten Morgen. Dieser Satz
 * wurde getippt, und" → "Guten Morgen. Dieser Satz wurde getippt"). A first word longer than the limit is
 * cut at the limit; "Text to speech" when nothing usable is left.
 */
export function ttsLabel(text: string, max = 40): string {
  const fallback = 'Text to speech';
  const cleaned = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z0-9()[\]., -]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(-\s*){2,}/, '')
    .trim();
  let cut = cleaned;
  if (cleaned.length > max) {
    // The space after the last whole word that fits: a word ends at a space or at the text's end.
    const boundary = cleaned.lastIndexOf(' ', max);
    cut = boundary > 0 ? cleaned.slice(0, boundary) : cleaned.slice(0, max);
  }
  const label = cut.replace(/[\s.,\-([]+$/, '').replace(/^[\s.,)\]]+/, '');
  return NAME_PATTERN.test(label) ? label : fallback;
}

/** The label of an uploaded file: its name without the extension. */
export function labelFromFileName(fileName: string): string {
  return toName(fileName.replace(/\.[A-Za-z0-9]{1,5}$/, ''));
}

export { baseFileName } from '../platform/audio-upload.ts';

/** A project's URL segment: lower-case words joined by hyphens ("My podcast (take 2)" → "my-podcast-take-2"). */
export function slugify(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return slug || 'project';
}

/**
 * One path segment inside a zip: no separators, control characters or characters Windows refuses, never
 * "." or ".." (which would climb out of the folder on extraction).
 */
export function zipSegment(raw: string, fallback: string): string {
  const cleaned = raw
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .trim()
    .replace(/^\.+/, '')
    .trim();
  return cleaned || fallback;
}

/** Makes names unique within one directory of a zip: "take.wav", "take (2).wav", … (case-insensitively). */
export function uniqueNamer(): (dir: string, name: string) => string {
  const used = new Set<string>();
  return (dir, name) => {
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const ext = dot > 0 ? name.slice(dot) : '';
    let candidate = name;
    for (let n = 2; used.has(`${dir}/${candidate}`.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    used.add(`${dir}/${candidate}`.toLowerCase());
    return candidate;
  };
}

/** A conversion's file name: {original}_{voice}_{+N}st.{ext} (downloads and exports), within a safe segment. */
export function conversionFileName(
  original: string | null,
  voice: string | null,
  semitones: number,
  ext = 'wav',
): string {
  const stem = (original ?? 'recording').replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const shift = `${semitones >= 0 ? '+' : ''}${semitones}st`;
  return zipSegment(`${stem}_${voice ?? 'voice'}_${shift}.${ext}`, `conversion.${ext}`);
}
