/**
 * Waveform peaks in BBC audiowaveform's JSON format, version 2: what the design system's WaveformPlayer
 * loads from a recording's waveform_url (design-system/components/WaveformPlayer/peaks.ts reads it).
 * `data` holds `length` (min, max) pairs as signed integers of `bits`, channels interleaved pair by pair.
 */
export interface Audiowaveform {
  version: 2;
  channels: number;
  sample_rate: number;
  samples_per_pixel: number;
  bits: 8 | 16;
  length: number;
  data: number[];
}

export interface PeaksOptions {
  /** Samples per (min, max) pair before any coarsening. Default 256. */
  samplesPerPixel?: number;
  /**
   * At most this many pairs: longer audio gets a whole multiple of samplesPerPixel per pair (merging
   * neighbouring pairs is exact), so a 60-minute file is a few hundred KB rather than 5 MB of JSON.
   * Default 32768.
   */
  maxLength?: number;
  /** Default 8: one byte of resolution is more than a waveform drawing shows. */
  bits?: 8 | 16;
}

export interface PeaksBuilder {
  /** Adds decoded samples (one array per channel, -1..1); channels are mixed to one waveform. */
  add(channelData: readonly Float32Array[]): void;
  /** Samples per channel added so far. */
  readonly frames: number;
  finish(): Audiowaveform;
}

/**
 * Peaks computed as samples arrive, in constant memory per pixel: a long file is never held whole.
 * Channels are averaged into one waveform (channels: 1), which is what a list of recordings draws.
 */
export function createPeaksBuilder(sampleRate: number, options: PeaksOptions = {}): PeaksBuilder {
  const spp = options.samplesPerPixel ?? 256;
  const maxLength = options.maxLength ?? 32768;
  const bits = options.bits ?? 8;
  let mins = new Float32Array(1024);
  let maxs = new Float32Array(1024);
  let length = 0;
  let inPixel = 0;
  let min = 0;
  let max = 0;
  let frames = 0;

  const push = () => {
    if (length === mins.length) {
      const grow = (a: Float32Array) => {
        const b = new Float32Array(a.length * 2);
        b.set(a);
        return b;
      };
      mins = grow(mins);
      maxs = grow(maxs);
    }
    mins[length] = min;
    maxs[length] = max;
    length++;
    inPixel = 0;
    min = 0;
    max = 0;
  };

  return {
    get frames() {
      return frames;
    },
    add(channelData) {
      const count = channelData.length;
      const first = channelData[0];
      if (!first || count === 0) return;
      const n = first.length;
      // The channels are averaged sample by sample as they are read, rather than into a mixed copy: an
      // upload is decoded in small chunks, and an array per chunk is garbage the collector only frees
      // in bulk (it grew a 500 MB upload's memory by tens of MB). Mono and stereo, the common cases, get
      // loops of their own.
      const second = count > 1 ? channelData[1]! : first;
      const scale = 1 / count;
      let i = 0;
      while (i < n) {
        const end = Math.min(n, i + (spp - inPixel));
        let lo = min;
        let hi = max;
        if (count === 1) {
          for (let k = i; k < end; k++) {
            const v = first[k] as number;
            if (v < lo) lo = v;
            else if (v > hi) hi = v;
          }
        } else if (count === 2) {
          for (let k = i; k < end; k++) {
            const v = ((first[k] as number) + (second[k] as number)) * 0.5;
            if (v < lo) lo = v;
            else if (v > hi) hi = v;
          }
        } else {
          for (let k = i; k < end; k++) {
            // Rounded to float32 at each step, as the mixed copy was.
            let sum = 0;
            for (let c = 0; c < count; c++) sum = Math.fround(sum + (channelData[c]![k] as number));
            const v = Math.fround(sum * scale);
            if (v < lo) lo = v;
            else if (v > hi) hi = v;
          }
        }
        min = lo;
        max = hi;
        inPixel += end - i;
        i = end;
        if (inPixel === spp) push();
      }
      frames += n;
    },
    finish() {
      if (inPixel > 0) push();
      const factor = Math.max(1, Math.ceil(length / maxLength));
      const outLength = Math.ceil(length / factor);
      const scale = 2 ** (bits - 1);
      const high = scale - 1;
      const toInt = (v: number) => Math.min(high, Math.max(-scale, Math.round(v * scale)));
      const data = new Array<number>(outLength * 2);
      for (let o = 0; o < outLength; o++) {
        let lo = 0;
        let hi = 0;
        const end = Math.min(length, (o + 1) * factor);
        for (let p = o * factor; p < end; p++) {
          if ((mins[p] as number) < lo) lo = mins[p] as number;
          if ((maxs[p] as number) > hi) hi = maxs[p] as number;
        }
        data[o * 2] = toInt(lo);
        data[o * 2 + 1] = toInt(hi);
      }
      return {
        version: 2,
        channels: 1,
        sample_rate: sampleRate,
        samples_per_pixel: spp * factor,
        bits,
        length: outLength,
        data,
      };
    },
  };
}

/** Peaks of audio already in memory (the conversion engine's output, a synthesised clip). */
export function computePeaks(
  channelData: readonly Float32Array[],
  sampleRate: number,
  options: PeaksOptions = {},
): Audiowaveform {
  const builder = createPeaksBuilder(sampleRate, options);
  builder.add(channelData);
  return builder.finish();
}
