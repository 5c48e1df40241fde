/**
 * Integrated loudness after ITU-R BS.1770-4 (LUFS), fed chunk by chunk: K-weighting (a high shelf and a
 * high-pass), mean squares over 400 ms blocks overlapping by 75 %, an absolute gate at −70 LUFS and a
 * relative gate 10 LU under the ungated level. Memory is one number per 100 ms.
 */
import { biquad, FilterChain } from './filters.ts';

const ABSOLUTE_GATE = -70;
const RELATIVE_GATE = -10;

export interface LoudnessMeter {
  add(samples: Float32Array): void;
  /** Integrated loudness in LUFS, or null when everything is under the absolute gate (silence). */
  integrated(): number | null;
  /** The largest absolute sample seen. */
  readonly peak: number;
}

export function createLoudnessMeter(sampleRate: number): LoudnessMeter {
  // The filter of BS.1770 expressed as RBJ sections (as pyloudnorm and libebur128 derive it for any rate).
  const kWeighting = new FilterChain([
    { ...biquad('highshelf', 1681.974450955533, sampleRate, 3.999843853973347) },
    biquad('highpass', 38.13547087602444, sampleRate, 0, 0.5003270373238773),
  ]);
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
