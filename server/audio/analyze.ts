import { createReadStream } from 'node:fs';
import decode from 'audio-decode';
import { faststartStream, mp4Layout } from './mp4.ts';
import { createPeaksBuilder, type Audiowaveform, type PeaksOptions } from './peaks.ts';
import { AUDIO_FORMATS, DETECT_BYTES, detectFormat, NOT_AUDIO_MESSAGE, type AudioFormat } from './formats.ts';

/** What an upload (or a conversion's output) turned out to be. */
export interface AudioInfo {
  format: AudioFormat;
  /** File extension to store it under (wav, mp3, ogg, opus, flac, m4a, aac, webm). */
  ext: string;
  contentType: string;
  sampleRate: number;
  channels: number;
  /** Samples per channel. */
  frames: number;
  /** Seconds (fractional). */
  duration: number;
}

export interface AnalysisResult {
  info: AudioInfo;
  peaks: Audiowaveform;
}

/** The bytes are not audio in a format we accept, or do not decode. */
export class NotAudioError extends Error {
  constructor(cause?: unknown) {
    super(NOT_AUDIO_MESSAGE, cause === undefined ? undefined : { cause });
  }
}

/** The audio is longer than the caller may store. */
export class TooLongError extends Error {
  readonly limitSeconds: number;
  constructor(limitSeconds: number) {
    super(`Recording is longer than ${limitSeconds} seconds`);
    this.limitSeconds = limitSeconds;
  }
}

export interface AnalyzerOptions {
  /** Stop with TooLongError as soon as more than this many seconds have been decoded. */
  maxSeconds?: number;
  peaks?: PeaksOptions;
  /**
   * Where the whole file can be read again once written (an upload's temporary file). With it, an M4A
   * whose index comes after its audio is decoded at the end from the file in fast-start order, chunk by
   * chunk, instead of being held whole in memory while it arrives.
   */
  file?: string;
  /**
   * Called with every decoded chunk's samples (one array per channel, -1..1) before they are dropped, for
   * analyses that need the signal itself (the speaker's pitch of a calibration). The arrays may be reused
   * by the decoder once it returns: read them, do not keep them.
   */
  onAudio?: (channelData: readonly Float32Array[], sampleRate: number) => void;
}

type StreamDecoder = ((chunk?: Uint8Array) => Promise<{ channelData: Float32Array[]; sampleRate: number }>) & {
  free(): void;
};

export interface AudioAnalyzer {
  /** Feeds the next bytes of the file; rejects with NotAudioError or TooLongError. */
  write(chunk: Uint8Array): Promise<void>;
  /** After the last chunk: what the audio is, and its peaks. */
  end(): Promise<AnalysisResult>;
  /** Frees the decoder when the caller gives up early. */
  abort(): void;
}

/**
 * Decodes a file chunk by chunk as it arrives (an upload is analysed while it is being received): the
 * format is recognised from its first bytes, then each chunk's samples update the duration and the
 * peaks and are dropped, so memory stays flat however long the file is. WAV, MP3, Ogg, Opus, FLAC, AAC
 * and WebM stream; an M4A whose index (moov) comes after the audio is decoded when its end arrives.
 */
export function createAudioAnalyzer(options: AnalyzerOptions = {}): AudioAnalyzer {
  let head: Uint8Array[] = [];
  let headBytes = 0;
  let format: AudioFormat | undefined;
  let decoder: StreamDecoder | undefined;
  let builder: ReturnType<typeof createPeaksBuilder> | undefined;
  let sampleRate = 0;
  let channels = 0;
  let finished = false;
  /** An M4A to decode from options.file at the end: its chunks are not fed while they arrive. */
  let deferred = false;

  const fail = (err: unknown): never => {
    decoder?.free();
    finished = true;
    if (err instanceof TooLongError || err instanceof NotAudioError) throw err;
    throw new NotAudioError(err);
  };

  const take = (data: { channelData: Float32Array[]; sampleRate: number }) => {
    if (!data.channelData.length || !data.channelData[0]?.length) return;
    if (!builder) {
      sampleRate = data.sampleRate;
      channels = data.channelData.length;
      builder = createPeaksBuilder(sampleRate, options.peaks);
    }
    channels = Math.max(channels, data.channelData.length);
    builder.add(data.channelData);
    options.onAudio?.(data.channelData, data.sampleRate);
    if (options.maxSeconds !== undefined && builder.frames / sampleRate > options.maxSeconds) {
      fail(new TooLongError(options.maxSeconds));
    }
  };

  async function start(bytes: Uint8Array) {
    format = detectFormat(bytes);
    if (!format) fail(new NotAudioError());
    if (format === 'm4a' && options.file && mp4Layout(bytes) === 'mdat-first') {
      deferred = true;
      return;
    }
    const name = AUDIO_FORMATS[format!].decoder;
    const init = (decode as unknown as Record<string, () => Promise<StreamDecoder>>)[name]!;
    try {
      decoder = await init();
    } catch (err) {
      fail(err);
    }
    await feed(bytes);
  }

  async function feed(chunk: Uint8Array) {
    let data;
    try {
      data = await decoder!(chunk);
    } catch (err) {
      return fail(err);
    }
    take(data);
  }

  const concat = (parts: Uint8Array[], total: number) => {
    const out = new Uint8Array(total);
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };

  return {
    async write(chunk) {
      if (finished) throw new Error('The analyzer has finished');
      if (chunk.length === 0 || deferred) return;
      if (decoder) return feed(chunk);
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes < DETECT_BYTES) return;
      const bytes = concat(head, headBytes);
      head = [];
      await start(bytes);
    },
    async end() {
      if (finished) throw new Error('The analyzer has finished');
      if (!decoder && !deferred) {
        if (headBytes === 0) fail(new NotAudioError());
        await start(concat(head, headBytes));
        head = [];
      }
      if (deferred) {
        deferred = false;
        const reordered = (await faststartStream(options.file!)) ?? createReadStream(options.file!);
        const name = AUDIO_FORMATS.m4a.decoder;
        try {
          decoder = await (decode as unknown as Record<string, () => Promise<StreamDecoder>>)[name]!();
        } catch (err) {
          fail(err);
        }
        for await (const chunk of reordered) await feed(chunk as Uint8Array);
      }
      let flushed;
      try {
        flushed = await decoder!();
      } catch (err) {
        return fail(err);
      }
      take(flushed);
      finished = true;
      if (!builder || builder.frames === 0 || !format) throw new NotAudioError();
      const spec = AUDIO_FORMATS[format];
      return {
        info: {
          format,
          ext: spec.ext,
          contentType: spec.contentType,
          sampleRate,
          channels,
          frames: builder.frames,
          duration: builder.frames / sampleRate,
        },
        peaks: builder.finish(),
      };
    },
    abort() {
      if (finished) return;
      finished = true;
      decoder?.free();
    },
  };
}

/** Analyses a whole stream (a stored file, a conversion's output) the same way an upload is. */
export async function analyzeAudio(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: AnalyzerOptions = {},
): Promise<AnalysisResult> {
  const analyzer = createAudioAnalyzer(options);
  try {
    for await (const chunk of source) await analyzer.write(chunk);
  } catch (err) {
    analyzer.abort();
    throw err;
  }
  return analyzer.end();
}
