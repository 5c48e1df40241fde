/**
 * A real clip for stories: a few seconds of synthesised tone as a WAV Blob, with its samples so the
 * story computes the waveform peaks from the same audio. Not exported from the design system.
 */
export interface SynthesisedClip {
  samples: Float32Array;
  sampleRate: number;
  wav: Blob;
}

/**
 * A voice-like tone: `frequency` Hz (180 by default) with two harmonics, in "syllables" of rising and
 * falling loudness. Different frequencies make clips that are told apart by ear (the tracks of a player's switcher).
 */
export function synthesiseClip(seconds = 12, sampleRate = 8000, frequency = 180): SynthesisedClip {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < samples.length; i++) {
    const t = i / sampleRate;
    const syllable = Math.max(0, Math.sin(Math.PI * 2.5 * t)) ** 2;
    const phrase = 0.55 + 0.45 * Math.sin((2 * Math.PI * t) / seconds);
    const tone =
      Math.sin(2 * Math.PI * frequency * t) +
      0.5 * Math.sin(2 * Math.PI * (2 * frequency) * t) +
      0.25 * Math.sin(2 * Math.PI * (3 * frequency) * t);
    samples[i] = 0.5 * syllable * phrase * tone;
  }
  return { samples, sampleRate, wav: encodeWav(samples, sampleRate) };
}

/** 16-bit PCM mono WAV. */
function encodeWav(samples: Float32Array, sampleRate: number): Blob {
  const bytes = samples.length * 2;
  const view = new DataView(new ArrayBuffer(44 + bytes));
  const text = (at: number, s: string) => [...s].forEach((ch, i) => view.setUint8(at + i, ch.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + bytes, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  text(36, 'data');
  view.setUint32(40, bytes, true);
  samples.forEach((v, i) => view.setInt16(44 + i * 2, Math.max(-32768, Math.min(32767, Math.round(v * 32767))), true));
  return new Blob([view], { type: 'audio/wav' });
}
