/**
 * Pitch and formant shifting with the Rubber Band Library's R3 engine (@echogarden/rubberband-wasm,
 * Rubber Band 3.x in WebAssembly). R3 ("EngineFiner") is the one that shifts the formant envelope by a
 * scale of its own: R2 only preserves formants or moves them with the pitch. Offline mode with the
 * expected duration set gives exactly as many samples out as went in, time-aligned with the input.
 */
import createRubberband from '@echogarden/rubberband-wasm';

// RubberBandOptions bits (rubberband-c.h).
const OPTION_PROCESS_OFFLINE = 0x0;
const OPTION_PROCESS_REALTIME = 0x1;
const OPTION_FORMANT_PRESERVED = 0x01000000;
const OPTION_THREADING_NEVER = 0x00010000;
const OPTION_ENGINE_FINER = 0x20000000;
const OPTION_WINDOW_SHORT = 0x00100000;

interface RubberbandModule {
  HEAPF32: Float32Array;
  HEAPU32: Uint32Array;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  _rubberband_new(sampleRate: number, channels: number, options: number, timeRatio: number, pitchScale: number): number;
  _rubberband_delete(state: number): void;
  _rubberband_set_formant_scale(state: number, scale: number): void;
  _rubberband_set_expected_input_duration(state: number, samples: number): void;
  _rubberband_set_max_process_size(state: number, samples: number): void;
  _rubberband_process(state: number, input: number, samples: number, final: number): void;
  _rubberband_available(state: number): number;
  _rubberband_retrieve(state: number, output: number, samples: number): number;
  _rubberband_get_engine_version(state: number): number;
  _rubberband_set_pitch_scale(state: number, scale: number): void;
  _rubberband_get_start_delay(state: number): number;
  _rubberband_get_preferred_start_pad(state: number): number;
}

/** Input samples per process call when the pitch follows a contour (about 10 ms at 48 kHz). */
const CONTOUR_BLOCK = 512;

const BLOCK = 4096;

export interface ShiftOptions {
  /** Frequency ratio of the pitch (2 = an octave up). */
  pitchScale: number;
  /**
   * Ratio the formant envelope moves by, relative to the input (1 = the speaker's own formants whatever the
   * pitch; 1.15 = a smaller vocal tract, brighter; 0.87 = a larger one).
   */
  formantScale: number;
  /**
   * Output duration / input duration (1 / the speaking rate). Default 1. The result is exactly
   * `outputLength` samples long (default round(input × timeRatio)), the input's time scaled onto it.
   */
  timeRatio?: number;
  outputLength?: number;
  /**
   * A pitch that changes along the input: the factor (on pitchScale) for the input sample `at`, read about
   * every 10 ms. With it Rubber Band runs in its real-time mode (the only one taking pitch changes while
   * it works); its latency is compensated, so the output stays aligned with the input.
   */
  pitchAt?: (at: number) => number;
  /** R3's single short window: faster, a little less smooth on sustained tones. Default false. */
  shortWindow?: boolean;
  /** Polled between blocks; throwing from it (an abort) stops the work. */
  checkpoint?: () => void;
}

export class PitchShifter {
  private readonly m: RubberbandModule;
  private readonly input: number;
  private readonly output: number;
  private readonly inputList: number;
  private readonly outputList: number;

  private constructor(m: RubberbandModule) {
    this.m = m;
    this.input = m._malloc(BLOCK * 4);
    this.output = m._malloc(BLOCK * 4);
    this.inputList = m._malloc(4);
    this.outputList = m._malloc(4);
    m.HEAPU32[this.inputList >> 2] = this.input;
    m.HEAPU32[this.outputList >> 2] = this.output;
  }

  static async create(): Promise<PitchShifter> {
    return new PitchShifter((await createRubberband()) as RubberbandModule);
  }

  /** The shifted (and stretched) signal, aligned with `samples`: outputLength samples. */
  shift(samples: Float32Array, sampleRate: number, options: ShiftOptions): Float32Array {
    const timeRatio = options.timeRatio ?? 1;
    const length = options.outputLength ?? Math.round(samples.length * timeRatio);
    if (options.pitchAt) return this.shiftRealtime(samples, sampleRate, options, timeRatio, length);
    const { m } = this;
    const options_ =
      OPTION_PROCESS_OFFLINE |
      OPTION_ENGINE_FINER |
      OPTION_FORMANT_PRESERVED |
      OPTION_THREADING_NEVER |
      (options.shortWindow ? OPTION_WINDOW_SHORT : 0);
    const state = m._rubberband_new(sampleRate, 1, options_, timeRatio, options.pitchScale);
    if (!state) throw new Error('Rubber Band could not be started');
    try {
      if (m._rubberband_get_engine_version(state) !== 3) throw new Error('Rubber Band did not start its R3 engine');
      // R3 moves the envelope by formantScale after the pitch scaling has moved it by pitchScale.
      m._rubberband_set_formant_scale(state, options.formantScale / options.pitchScale);
      m._rubberband_set_expected_input_duration(state, samples.length);
      m._rubberband_set_max_process_size(state, BLOCK);
      const out = new Float32Array(length);
      let written = 0;
      const drain = () => {
        for (;;) {
          const available = m._rubberband_available(state);
          if (available <= 0) return available;
          const got = m._rubberband_retrieve(state, this.outputList, Math.min(available, BLOCK));
          const room = Math.max(0, Math.min(got, out.length - written));
          // HEAPF32 is looked up each time: memory growth replaces the view.
          out.set(m.HEAPF32.subarray(this.output >> 2, (this.output >> 2) + room), written);
          written += room;
        }
      };
      for (let at = 0; at < samples.length; at += BLOCK) {
        options.checkpoint?.();
        const n = Math.min(BLOCK, samples.length - at);
        m.HEAPF32.set(samples.subarray(at, at + n), this.input >> 2);
        m._rubberband_process(state, this.inputList, n, at + n >= samples.length ? 1 : 0);
        drain();
      }
      // Offline, the final process call has produced everything: what is left is only to be retrieved.
      drain();
      // Stretching may round a few samples short of the exact length: the tail is silence then.
      if (written < out.length - 64) throw new Error(`Rubber Band returned ${written} of ${out.length} samples`);
      return out;
    } finally {
      m._rubberband_delete(state);
    }
  }

  private shiftRealtime(
    samples: Float32Array,
    sampleRate: number,
    options: ShiftOptions,
    timeRatio: number,
    length: number,
  ): Float32Array {
    const { m } = this;
    const pitchAt = options.pitchAt!;
    const options_ =
      OPTION_PROCESS_REALTIME |
      OPTION_ENGINE_FINER |
      OPTION_FORMANT_PRESERVED |
      OPTION_THREADING_NEVER |
      (options.shortWindow ? OPTION_WINDOW_SHORT : 0);
    const scaleAt = (at: number) => options.pitchScale * pitchAt(at);
    const first = scaleAt(0);
    const state = m._rubberband_new(sampleRate, 1, options_, timeRatio, first);
    if (!state) throw new Error('Rubber Band could not be started');
    try {
      if (m._rubberband_get_engine_version(state) !== 3) throw new Error('Rubber Band did not start its R3 engine');
      m._rubberband_set_formant_scale(state, options.formantScale / first);
      m._rubberband_set_max_process_size(state, BLOCK);
      // Real time: silence first (the preferred pad), then the output's first `delay` samples are dropped.
      const pad = m._rubberband_get_preferred_start_pad(state);
      const delay = m._rubberband_get_start_delay(state);
      const out = new Float32Array(length);
      let skip = delay;
      let written = 0;
      const drain = () => {
        for (;;) {
          const available = m._rubberband_available(state);
          if (available <= 0) return;
          const got = m._rubberband_retrieve(state, this.outputList, Math.min(available, BLOCK));
          const heap = m.HEAPF32.subarray(this.output >> 2, (this.output >> 2) + got);
          const dropped = Math.min(skip, got);
          skip -= dropped;
          const room = Math.max(0, Math.min(got - dropped, out.length - written));
          out.set(heap.subarray(dropped, dropped + room), written);
          written += room;
        }
      };
      const feed = (block: Float32Array, final: boolean) => {
        m.HEAPF32.set(block, this.input >> 2);
        m._rubberband_process(state, this.inputList, block.length, final ? 1 : 0);
        drain();
      };
      for (let at = 0; at < pad; at += CONTOUR_BLOCK) feed(new Float32Array(Math.min(CONTOUR_BLOCK, pad - at)), false);
      for (let at = 0; at < samples.length; at += CONTOUR_BLOCK) {
        options.checkpoint?.();
        const n = Math.min(CONTOUR_BLOCK, samples.length - at);
        const scale = scaleAt(at + n / 2);
        m._rubberband_set_pitch_scale(state, scale);
        m._rubberband_set_formant_scale(state, options.formantScale / scale);
        feed(samples.subarray(at, at + n), false);
      }
      // Silence after the end until the last of the signal has come out.
      const silence = new Float32Array(CONTOUR_BLOCK);
      for (let guard = 0; written < out.length && guard < 1000; guard++) feed(silence, false);
      if (written < out.length) throw new Error(`Rubber Band returned ${written} of ${out.length} samples`);
      return out;
    } finally {
      m._rubberband_delete(state);
    }
  }
}
