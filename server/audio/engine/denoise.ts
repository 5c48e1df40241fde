/**
 * Background-noise suppression with RNNoise (@echogarden/rnnoise-wasm): a small recurrent network on
 * 10 ms frames of 48 kHz audio (480 samples) in 16-bit scale. Its output lags its input by one frame;
 * `denoise` takes that lag back out so the result lines up with the original sample for sample.
 */
import createRnnoise from '@echogarden/rnnoise-wasm';

interface RnnoiseModule {
  HEAPF32: Float32Array;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  _rnnoise_create(model: number): number;
  _rnnoise_destroy(state: number): void;
  _rnnoise_process_frame(state: number, output: number, input: number): number;
  _rnnoise_get_frame_size(): number;
}

/** RNNoise works on 48 kHz audio only, 480 samples at a time. */
export const DENOISE_FRAME = 480;
export const DENOISE_SAMPLE_RATE = 48000;
const SCALE = 32768;

export class Denoiser {
  private readonly m: RnnoiseModule;
  private readonly frame: number;

  private constructor(m: RnnoiseModule) {
    this.m = m;
    if (m._rnnoise_get_frame_size() !== DENOISE_FRAME) throw new Error('RNNoise has an unexpected frame size');
    this.frame = m._malloc(DENOISE_FRAME * 4);
  }

  static async create(): Promise<Denoiser> {
    return new Denoiser((await createRnnoise()) as RnnoiseModule);
  }

  /**
   * The denoised signal (48 kHz), as long as `samples` and aligned with it. A fresh network state per
   * call: callers that cut a long signal into pieces start each piece at a multiple of 480 samples of the
   * whole with some signal before it, so the pieces agree where they overlap.
   */
  denoise(samples: Float32Array, checkpoint?: () => void): Float32Array {
    const { m } = this;
    const state = m._rnnoise_create(0);
    if (!state) throw new Error('RNNoise could not be started');
    try {
      const out = new Float32Array(samples.length);
      const base = this.frame >> 2;
      // One frame more than the input so the last samples come out of the one-frame lag.
      const frames = Math.ceil(samples.length / DENOISE_FRAME) + 1;
      for (let f = 0; f < frames; f++) {
        if (f % 100 === 0) checkpoint?.();
        const heap = m.HEAPF32;
        const at = f * DENOISE_FRAME;
        for (let i = 0; i < DENOISE_FRAME; i++) heap[base + i] = (samples[at + i] ?? 0) * SCALE;
        m._rnnoise_process_frame(state, this.frame, this.frame);
        const outAt = at - DENOISE_FRAME;
        const result = m.HEAPF32;
        for (let i = 0; i < DENOISE_FRAME; i++) {
          const j = outAt + i;
          if (j >= 0 && j < out.length) out[j] = result[base + i]! / SCALE;
        }
      }
      return out;
    } finally {
      m._rnnoise_destroy(state);
    }
  }
}
