/** The upload formats we accept: what audio-decode reads and what a browser's audio element plays. */
export const AUDIO_FORMATS = {
  wav: { ext: 'wav', contentType: 'audio/wav', decoder: 'wav' },
  mp3: { ext: 'mp3', contentType: 'audio/mpeg', decoder: 'mp3' },
  oga: { ext: 'ogg', contentType: 'audio/ogg', decoder: 'oga' },
  opus: { ext: 'opus', contentType: 'audio/ogg; codecs=opus', decoder: 'opus' },
  flac: { ext: 'flac', contentType: 'audio/flac', decoder: 'flac' },
  m4a: { ext: 'm4a', contentType: 'audio/mp4', decoder: 'm4a' },
  mp4: { ext: 'm4a', contentType: 'audio/mp4', decoder: 'm4a' },
  aac: { ext: 'aac', contentType: 'audio/aac', decoder: 'aac' },
  webm: { ext: 'webm', contentType: 'audio/webm', decoder: 'webm' },
} as const;

export type AudioFormat = keyof typeof AUDIO_FORMATS;
export type DecoderName = (typeof AUDIO_FORMATS)[AudioFormat]['decoder'];

/** The sentence every "this is not audio" answer uses. */
export const NOT_AUDIO_MESSAGE =
  'The file is not an audio file we can read (wav, mp3, ogg, opus, flac, m4a, aac, webm).';

/** How many leading bytes detection wants (an ID3 tag or a long RIFF header may come first). */
export const DETECT_BYTES = 4096;

const ascii = (b: Uint8Array, at: number, text: string) =>
  b.length >= at + text.length && [...text].every((c, i) => b[at + i] === c.charCodeAt(0));

/** Size of an ID3v2 tag at the start (10-byte header + syncsafe size + optional footer), else 0. */
function id3Size(b: Uint8Array): number {
  if (!ascii(b, 0, 'ID3') || b.length < 10) return 0;
  const size = ((b[6]! & 0x7f) << 21) | ((b[7]! & 0x7f) << 14) | ((b[8]! & 0x7f) << 7) | (b[9]! & 0x7f);
  return 10 + size + (b[5]! & 0x10 ? 10 : 0);
}

/**
 * The format the first bytes of a file announce (magic numbers), or undefined when it is none we accept.
 * Containers are told apart by what they carry: Ogg by its first packet (Vorbis or Opus).
 */
export function detectFormat(head: Uint8Array): AudioFormat | undefined {
  const tag = id3Size(head);
  if (tag > 0) {
    // Audio after an ID3 tag is MP3 unless it says otherwise (FLAC and AAC may carry one too).
    if (tag >= head.length) return 'mp3';
    return detectFormat(head.subarray(tag)) ?? undefined;
  }
  if ((ascii(head, 0, 'RIFF') || ascii(head, 0, 'RF64')) && ascii(head, 8, 'WAVE')) return 'wav';
  if (ascii(head, 0, 'fLaC')) return 'flac';
  if (ascii(head, 0, 'OggS')) {
    const first = head.subarray(0, Math.min(head.length, 512));
    for (let i = 28; i < first.length - 8; i++) {
      if (ascii(first, i, 'OpusHead')) return 'opus';
      if (first[i] === 1 && ascii(first, i + 1, 'vorbis')) return 'oga';
    }
    return undefined;
  }
  if (ascii(head, 4, 'ftyp')) return 'm4a';
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  if (ascii(head, 0, 'ADIF')) return 'aac';
  if (head.length >= 4 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) {
    const layer = (head[1]! >> 1) & 0x3;
    // ADTS (AAC): 12-bit sync and layer 00; MPEG audio: 11-bit sync, layer III (01) is MP3.
    if ((head[1]! & 0xf6) === 0xf0) return 'aac';
    if (layer === 1 && (head[2]! & 0xf0) !== 0xf0 && (head[2]! & 0x0c) !== 0x0c) return 'mp3';
  }
  return undefined;
}
