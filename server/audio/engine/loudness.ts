/**
 * Integrated loudness after ITU-R BS.1770-4 (LUFS), fed chunk by chunk: K-weighting (a high shelf and a
 * high-pass), mean squares over 400 ms blocks overlapping by 75 %, an absolute gate at −70 LUFS and a
 * relative gate 10 LU under the ungated level. Memory is one number per 100 ms.
 */
import { FilterChain } from './filters.ts';

const ABSOLUTE_GATE = -70;
const RELATIVE_GATE = -10;

export interface LoudnessMeter {
  add(samples: Float32Array): void;
  /** Integrated loudness in LUFS, or null when everything is under the absolute gate (silence). */
  integrated(): number | null;
  /** The largest absolute sample seen. */
  readonly peak: number;
}

/** The K-weighting filter's two stages at 48 kHz, as BS.1770-4 tabulates them. */
const K_WEIGHTING_48K = [
  { b0: 1.53512485958697, b1: -2.69169618940638, b2: 1.19839281085285, a1: -1.69065929318241, a2: 0.73248077421585 },
  { b0: 1, b1: -2, b2: 1, a1: -1.99004745483398, a2: 0.99007225036621 },
];

/** A loudness meter for 48 kHz mono (the engine's rate). */
export function createLoudnessMeter(sampleRate: number): LoudnessMeter {
  if (sampleRate !== 48000) throw new RangeError('The loudness meter measures 48 kHz audio');
  const kWeighting = new FilterChain(K_WEIGHTING_48K);
  const step = Math.round(sampleRate * 0.1);
  const quarters: number[] = [];
  let sum = 0;
  let count = 0;
  let peak = 0;
  let scratch = new Float32Array(0);
  return {
    add(samples) {
      if (scratch.length < samples.length) scratch = new Float32Array(samples.length);
      const x = scratch.subarray(0, samples.length);
      x.set(samples);
      for (let i = 0; i < samples.length; i++) {
        const a = Math.abs(samples[i]!);
        if (a > peak) peak = a;
      }
      kWeighting.process(x);
      for (let i = 0; i < x.length; i++) {
        sum += x[i]! * x[i]!;
        if (++count === step) {
          quarters.push(sum / step);
          sum = 0;
          count = 0;
        }
      }
    },
    integrated() {
      const blocks: number[] = [];
      for (let i = 0; i + 4 <= quarters.length; i++) {
        blocks.push((quarters[i]! + quarters[i + 1]! + quarters[i + 2]! + quarters[i + 3]!) / 4);
      }
      // A clip shorter than one block is measured as one block of what there is.
      if (blocks.length === 0 && quarters.length + count > 0) {
        blocks.push((quarters.reduce((a, b) => a + b, 0) + sum) / (quarters.length * step + count));
      }
      const lufs = (ms: number) => -0.691 + 10 * Math.log10(ms);
      const loud = blocks.filter((b) => b > 0 && lufs(b) > ABSOLUTE_GATE);
      if (loud.length === 0) return null;
      const ungated = lufs(loud.reduce((a, b) => a + b, 0) / loud.length);
      const gated = loud.filter((b) => lufs(b) > ungated + RELATIVE_GATE);
      return lufs(gated.reduce((a, b) => a + b, 0) / gated.length);
    },
    get peak() {
      return peak;
    },
  };
}
