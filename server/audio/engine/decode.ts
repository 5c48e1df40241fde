/**
 * Any input → 48 kHz mono 32-bit float samples in a raw file, chunk by chunk: encoded audio is decoded as
 * it streams (createAudioAnalyzer, so every upload format and its quirks are handled in one place),
 * channels are averaged, and the rate is converted. Nothing is held whole. On the way it measures what
 * the rest of the conversion needs: the energy per 10 ms (where to put seams) and the loudness.
 */
import { createReadStream, closeSync, openSync, writeSync } from 'node:fs';
import { createAudioAnalyzer, NotAudioError, TooLongError, type AudioInfo } from '../analyze.ts';
import { createLoudnessMeter } from './loudness.ts';
import { createResampler, type Resampler } from './resample.ts';
import { ENERGY_BLOCK } from './chunks.ts';
import { ENGINE_SAMPLE_RATE, type ConvertInput } from './types.ts';

export interface DecodedInput {
  rawPath: string;
  frames: number;
  /** Mean square per ENERGY_BLOCK samples. */
  energy: Float32Array;
  /** Integrated loudness, LUFS (null: silence). */
  loudness: number | null;
  /** What the encoded input was (undefined for PCM). */
  info?: AudioInfo;
}

/** Appends float samples to a raw file with synchronous writes, so it can be fed from a decoder's callback. */
class RawWriter {
  private readonly fd: number;
  private buffer = new Float32Array(1 << 18);
  private used = 0;
  frames = 0;

  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }

  write(samples: Float32Array): void {
    let at = 0;
    while (at < samples.length) {
      const n = Math.min(samples.length - at, this.buffer.length - this.used);
      this.buffer.set(samples.subarray(at, at + n), this.used);
      this.used += n;
      at += n;
      if (this.used === this.buffer.length) this.flush();
    }
    this.frames += samples.length;
  }

  flush(): void {
    if (this.used === 0) return;
    writeSync(this.fd, new Uint8Array(this.buffer.buffer, 0, this.used * 4));
    this.used = 0;
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

/** Energy per block as samples go by. */
export class EnergyMeter {
  private values = new Float32Array(4096);
  private length = 0;
  private sum = 0;
  private count = 0;

  add(samples: Float32Array): void {
    for (let i = 0; i < samples.length; i++) {
      this.sum += samples[i]! * samples[i]!;
      if (++this.count === ENERGY_BLOCK) this.push();
    }
  }

  private push(): void {
    if (this.length === this.values.length) {
      const bigger = new Float32Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = this.sum / Math.max(1, this.count);
    this.sum = 0;
    this.count = 0;
  }

  finish(): Float32Array {
    if (this.count > 0) this.push();
    return this.values.slice(0, this.length);
  }
}

function mono(channels: readonly Float32Array[]): Float32Array {
  const first = channels[0]!;
  if (channels.length === 1) return first;
  const out = new Float32Array(first.length);
  for (const c of channels) for (let i = 0; i < out.length; i++) out[i]! += c[i] ?? 0;
  const scale = 1 / channels.length;
  for (let i = 0; i < out.length; i++) out[i]! *= scale;
  return out;
}

export interface DecodeOptions {
  signal?: AbortSignal;
  maxSeconds?: number;
}

/** Decodes `input` into `rawPath`. Rejects with NotAudioError, TooLongError or the signal's reason. */
export async function decodeToRaw(
  input: ConvertInput,
  rawPath: string,
  options: DecodeOptions = {},
): Promise<DecodedInput> {
  const { signal } = options;
  const writer = new RawWriter(rawPath);
  const energy = new EnergyMeter();
  const loudness = createLoudnessMeter(ENGINE_SAMPLE_RATE);
  let resampler: Resampler | undefined;
  let rate = 0;
  const take = (samples: Float32Array) => {
    if (samples.length === 0) return;
    writer.write(samples);
    energy.add(samples);
    loudness.add(samples);
  };
  const accept = (channels: readonly Float32Array[], sampleRate: number) => {
    if (!channels.length || !channels[0]!.length) return;
    if (!resampler) {
      rate = sampleRate;
      resampler = createResampler(sampleRate, ENGINE_SAMPLE_RATE);
    } else if (sampleRate !== rate) {
      throw new NotAudioError(new Error('The sample rate changes within the file'));
    }
    take(resampler.push(mono(channels)));
  };
  let info: AudioInfo | undefined;
  try {
    if ('pcm' in input) {
      const maxFrames = options.maxSeconds === undefined ? Infinity : options.maxSeconds * input.sampleRate;
      let frames = 0;
      for await (const piece of input.pcm) {
        signal?.throwIfAborted();
        frames += piece.length;
        if (frames > maxFrames) throw new TooLongError(options.maxSeconds!);
        accept([piece], input.sampleRate);
      }
    } else {
      const file = 'file' in input ? input.file : undefined;
      const analyzer = createAudioAnalyzer({
        file,
        maxSeconds: options.maxSeconds,
        onAudio: (channels, sampleRate) => accept(channels, sampleRate),
        // Peaks of the input are not needed: the coarsest setting costs least.
        peaks: { samplesPerPixel: 65536, maxLength: 1 },
      });
      const source = 'file' in input ? createReadStream(input.file, { highWaterMark: 1 << 16 }) : input.bytes;
      try {
        for await (const chunk of source) {
          signal?.throwIfAborted();
          await analyzer.write(chunk as Uint8Array);
        }
        signal?.throwIfAborted();
        info = (await analyzer.end()).info;
      } catch (error) {
        analyzer.abort();
        throw error;
      }
    }
    if (resampler) take(resampler.flush());
    signal?.throwIfAborted();
  } finally {
    writer.close();
  }
  if (writer.frames === 0) throw new NotAudioError();
  return { rawPath, frames: writer.frames, energy: energy.finish(), loudness: loudness.integrated(), info };
}
