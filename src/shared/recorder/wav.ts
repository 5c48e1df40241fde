/** SPEC.md section 5: the recorder's format, 48 kHz, mono, 16-bit. */
export const RECORDING_SAMPLE_RATE = 48_000;
export const RECORDING_BITS = 16;

/** Joins captured chunks into one buffer. */
export function joinChunks(chunks: readonly Float32Array[]): Float32Array {
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const samples = new Float32Array(length);
  let at = 0;
  for (const chunk of chunks) {
    samples.set(chunk, at);
    at += chunk.length;
  }
  return samples;
}

/**
 * A mono 16-bit PCM WAV file of float samples (-1..1, clipped), little-endian as RIFF wants. The bytes are
 * what the server stores: it keeps uploads byte for byte.
 */
export function encodeWav(samples: Float32Array, sampleRate: number = RECORDING_SAMPLE_RATE): ArrayBuffer {
  const dataBytes = samples.length * 2;
  const buffer = new ArrayBuffer(44 + dataBytes);
  const view = new DataView(buffer);
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) view.setUint8(at + i, s.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, RECORDING_BITS, true);
  text(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    view.setInt16(44 + i * 2, s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff), true);
  }
  return buffer;
}

/** The loudness of a chunk as a 0-100 level for the meter: RMS in dBFS mapped from -60 dB (0) to 0 dB (100). */
export function levelOf(chunk: Float32Array): number {
  if (chunk.length === 0) return 0;
  let sum = 0;
  for (const s of chunk) sum += s * s;
  const rms = Math.sqrt(sum / chunk.length);
  if (rms <= 0) return 0;
  const db = 20 * Math.log10(rms);
  return Math.round(Math.max(0, Math.min(100, ((db + 60) / 60) * 100)));
}
