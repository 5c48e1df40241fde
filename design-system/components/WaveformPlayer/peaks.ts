/**
 * Waveform peaks in BBC audiowaveform's JSON format (version 2, or 1 which is mono): what the server
 * computes once per recording and serves at `waveform_url`, so the player never decodes a long file.
 *
 * ```json
 * { "version": 2, "channels": 1, "sample_rate": 48000, "samples_per_pixel": 256, "bits": 8,
 *   "length": 3, "data": [-12, 15, -40, 38, -3, 4] }
 * ```
 * `data` holds `length` (min, max) pairs per channel, channels interleaved pair by pair, as signed
 * 8- or 16-bit integers: compact to store and to send (TRAPS.md "Audio").
 */
export interface AudiowaveformData {
  version: 1 | 2;
  /** Absent in version 1, which is mono. */
  channels?: number;
  sample_rate: number;
  samples_per_pixel: number;
  bits: 8 | 16;
  /** Number of (min, max) pairs per channel. */
  length: number;
  data: number[];
}

/** Peaks as wavesurfer.js takes them. */
export interface WaveformPeaks {
  /** One array per channel of (min, max) pairs, normalised to -1..1. */
  peaks: Float32Array[];
  /** Seconds the peaks cover: length × samples_per_pixel ÷ sample_rate. */
  duration: number;
}

function fail(reason: string): never {
  throw new TypeError(`Not audiowaveform peaks: ${reason}`);
}

const isPositiveInteger = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;

/**
 * Normalised peaks and duration from audiowaveform JSON. Integers are divided by 2^(bits-1), so -128..127
 * (8 bits) and -32768..32767 (16 bits) both map into -1..1. Throws a TypeError on anything malformed.
 */
export function peaksFromAudiowaveform(json: unknown): WaveformPeaks {
  if (typeof json !== 'object' || json === null) fail('not an object');
  const input = json as Partial<AudiowaveformData>;
  if (input.version !== 1 && input.version !== 2) fail(`unknown version ${String(input.version)}`);
  if (input.bits !== 8 && input.bits !== 16) fail(`bits must be 8 or 16, not ${String(input.bits)}`);
  const channels = input.version === 1 ? 1 : (input.channels ?? 1);
  if (!isPositiveInteger(channels)) fail('channels must be a positive integer');
  if (!isPositiveInteger(input.sample_rate)) fail('sample_rate must be a positive integer');
  if (!isPositiveInteger(input.samples_per_pixel)) fail('samples_per_pixel must be a positive integer');
  const { length, data } = input;
  if (typeof length !== 'number' || !Number.isInteger(length) || length < 0) fail('length must be an integer ≥ 0');
  if (!Array.isArray(data)) fail('data must be an array');
  if (data.length < length * 2 * channels) fail(`data holds ${data.length} values, ${length * 2 * channels} expected`);

  const scale = 2 ** (input.bits - 1);
  const peaks = Array.from({ length: channels }, () => new Float32Array(length * 2));
  for (let i = 0; i < length; i++) {
    for (let c = 0; c < channels; c++) {
      const at = (i * channels + c) * 2;
      const channel = peaks[c] as Float32Array;
      channel[i * 2] = Math.max(-1, Number(data[at]) / scale);
      channel[i * 2 + 1] = Math.min(1, Number(data[at + 1]) / scale);
    }
  }
  return { peaks, duration: (length * input.samples_per_pixel) / input.sample_rate };
}

/**
 * audiowaveform JSON (version 2) from samples in -1..1, one array per channel: the min and max of every
 * `samplesPerPixel` samples as signed integers of `bits`. What the server stores; stories use it to draw
 * a clip they synthesise.
 */
export function audiowaveformFromSamples(
  channels: Float32Array[],
  sampleRate: number,
  samplesPerPixel = 256,
  bits: 8 | 16 = 8,
): AudiowaveformData {
  const first = channels[0];
  if (!first) throw new TypeError('At least one channel is needed');
  const length = Math.ceil(first.length / samplesPerPixel);
  const high = 2 ** (bits - 1) - 1;
  const low = -(2 ** (bits - 1));
  const toInt = (v: number) => Math.min(high, Math.max(low, Math.round(v * 2 ** (bits - 1))));
  const data: number[] = [];
  for (let i = 0; i < length; i++) {
    for (const samples of channels) {
      let min = 0;
      let max = 0;
      const end = Math.min(samples.length, (i + 1) * samplesPerPixel);
      for (let s = i * samplesPerPixel; s < end; s++) {
        const v = samples[s] as number;
        if (v < min) min = v;
        if (v > max) max = v;
      }
      data.push(toInt(min), toInt(max));
    }
  }
  return {
    version: 2,
    channels: channels.length,
    sample_rate: sampleRate,
    samples_per_pixel: samplesPerPixel,
    bits,
    length,
    data,
  };
}
