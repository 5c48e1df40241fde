/**
 * The result's files, written as the samples arrive: a 16-bit PCM WAV (its header written up front from
 * the known length) and a constant-bitrate MP3 from LAME (wasm-media-encoders). LAME in WebAssembly
 * writes no Xing/Info header, so VBR durations read wrong; at CBR every frame has the same size and the
 * duration reads right from the file size. A LAME "Info" frame is still put first: players that read it
 * (browsers, ffmpeg, mpg123) learn the encoder's delay and padding and start exactly on the first sample.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { createMp3Encoder } from 'wasm-media-encoders';

const WRITE_BUFFER = 1 << 20;

/** Batches small writes into large ones. */
class BufferedFile {
  private readonly handle: FileHandle;
  private buffer = Buffer.allocUnsafe(WRITE_BUFFER);
  private used = 0;
  private position: number;

  constructor(handle: FileHandle, position = 0) {
    this.handle = handle;
    this.position = position;
  }

  async write(bytes: Uint8Array): Promise<void> {
    if (this.used + bytes.length > this.buffer.length) await this.flush();
    if (bytes.length > this.buffer.length) {
      await this.handle.write(bytes, 0, bytes.length, this.position);
      this.position += bytes.length;
      return;
    }
    this.buffer.set(bytes, this.used);
    this.used += bytes.length;
  }

  async flush(): Promise<void> {
    if (this.used === 0) return;
    await this.handle.write(this.buffer, 0, this.used, this.position);
    this.position += this.used;
    // The handle may still be writing the old buffer asynchronously: never reuse it.
    this.buffer = Buffer.allocUnsafe(WRITE_BUFFER);
    this.used = 0;
  }

  get bytesWritten(): number {
    return this.position + this.used;
  }
}

export function wavHeader(frames: number, sampleRate: number): Buffer {
  const bytes = frames * 2;
  const b = Buffer.alloc(44);
  b.write('RIFF', 0);
  b.writeUInt32LE(Math.min(0xffffffff, 36 + bytes), 4);
  b.write('WAVE', 8);
  b.write('fmt ', 12);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(sampleRate, 24);
  b.writeUInt32LE(sampleRate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(Math.min(0xffffffff, bytes), 40);
  return b;
}

export interface AudioWriter {
  /** Mono samples −1..1 (clipped). */
  write(samples: Float32Array): Promise<void>;
  /** Finishes the file; returns its size in bytes. */
  close(): Promise<number>;
  /** Closes and leaves the file as it is (the caller removes it). */
  abort(): Promise<void>;
}

/** A mono 16-bit WAV of exactly `frames` samples. */
export async function createWavWriter(path: string, sampleRate: number, frames: number): Promise<AudioWriter> {
  const handle = await open(path, 'w');
  const file = new BufferedFile(handle);
  await file.write(wavHeader(frames, sampleRate));
  let written = 0;
  let pcm = Buffer.allocUnsafe(0);
  return {
    async write(samples) {
      if (pcm.length < samples.length * 2) pcm = Buffer.allocUnsafe(samples.length * 2);
      for (let i = 0; i < samples.length; i++) {
        const v = Math.max(-1, Math.min(1, samples[i]!));
        pcm.writeInt16LE(Math.round(v * 32767), i * 2);
      }
      await file.write(pcm.subarray(0, samples.length * 2));
      written += samples.length;
    },
    async close() {
      if (written !== frames) throw new Error(`WAV writer got ${written} samples for a header of ${frames}`);
      await file.flush();
      const size = file.bytesWritten;
      await handle.close();
      return size;
    },
    async abort() {
      await handle.close().catch(() => {});
    },
  };
}

/** LAME's delay before the first sample (the decoder adds 529 more, which players know). */
const LAME_ENCODER_DELAY = 576;
const SAMPLES_PER_FRAME = 1152;

/** CRC-16 (polynomial 0x8005, reflected) as the LAME tag uses it. */
function crc16(bytes: Uint8Array, length: number): number {
  let crc = 0;
  for (let i = 0; i < length; i++) {
    crc ^= bytes[i]!;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc & 0xffff;
}

/**
 * The Info frame: an MPEG-1 Layer III frame of silence (copied header, empty side info) whose data holds
 * the Xing "Info" tag (frame and byte counts) and the LAME extension (encoder delay and padding).
 */
export function lameInfoFrame(options: {
  firstHeader: Uint8Array;
  frameBytes: number;
  audioFrames: number;
  audioBytes: number;
  samples: number;
  bitrateKbps: number;
}): Buffer {
  const { firstHeader, frameBytes, audioFrames, audioBytes, samples, bitrateKbps } = options;
  const tag = Buffer.alloc(frameBytes);
  tag.set(firstHeader.subarray(0, 4), 0);
  tag[2]! &= ~0x02; // no padding slot: frameBytes is the unpadded size
  const mono = (tag[3]! & 0xc0) === 0xc0;
  let p = 4 + (mono ? 17 : 32);
  tag.write('Info', p);
  tag.writeUInt32BE(0x3, p + 4); // frames and bytes fields present
  tag.writeUInt32BE(audioFrames + 1, p + 8);
  tag.writeUInt32BE(audioBytes + frameBytes, p + 12);
  p += 16;
  tag.write('LAME3.100', p);
  p += 9;
  tag[p++] = 0x01; // tag revision 0, CBR
  tag[p++] = 0; // lowpass unknown
  p += 8; // replay gain: none
  tag[p++] = 0; // encoding flags, ATH
  tag[p++] = Math.min(255, bitrateKbps);
  const padding = Math.max(0, audioFrames * SAMPLES_PER_FRAME - LAME_ENCODER_DELAY - samples);
  tag[p++] = LAME_ENCODER_DELAY >> 4;
  tag[p++] = ((LAME_ENCODER_DELAY & 0xf) << 4) | ((padding >> 8) & 0xf);
  tag[p++] = padding & 0xff;
  p += 1 + 1 + 2; // misc, MP3 gain, preset and surround
  tag.writeUInt32BE(audioBytes + frameBytes, p);
  p += 4;
  p += 2; // music CRC: not computed
  tag.writeUInt16BE(crc16(tag, p), p);
  return tag;
}

/** The gapless length an Info frame announces, in samples (what a player that reads it plays). */
export function readLameInfo(file: Uint8Array): { samples: number; delay: number; padding: number } | null {
  const mono = (file[3]! & 0xc0) === 0xc0;
  const p = 4 + (mono ? 17 : 32);
  const text = (at: number, n: number) => Buffer.from(file.subarray(at, at + n)).toString('latin1');
  if (text(p, 4) !== 'Info' && text(p, 4) !== 'Xing') return null;
  const view = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const flags = view.readUInt32BE(p + 4);
  if (!(flags & 1)) return null;
  const frames = view.readUInt32BE(p + 8);
  let q = p + 8 + 4 * ((flags & 1) + ((flags >> 1) & 1)) + (flags & 4 ? 100 : 0) + (flags & 8 ? 4 : 0);
  if (text(q, 4) !== 'LAME') return null;
  q += 21;
  const delay = (file[q]! << 4) | (file[q + 1]! >> 4);
  const padding = ((file[q + 1]! & 0xf) << 8) | file[q + 2]!;
  // The Info frame itself plays nothing; the decoder's own 529 samples are inside delay + padding's reckoning.
  return { samples: (frames - 1) * SAMPLES_PER_FRAME - delay - padding, delay, padding };
}

/**
 * A CBR mono MP3 at 48 or 32 kHz, where every MPEG-1 Layer III frame is exactly 144·bitrate/rate bytes
 * (44.1 kHz would need padding slots).
 */
export async function createMp3Writer(path: string, sampleRate: number, bitrateKbps = 128): Promise<AudioWriter> {
  if (sampleRate !== 48000 && sampleRate !== 32000) throw new RangeError('The MP3 writer takes 48 or 32 kHz');
  const encoder = await createMp3Encoder();
  encoder.configure({ sampleRate, channels: 1, bitrate: bitrateKbps } as Parameters<typeof encoder.configure>[0]);
  const frameBytes = (144 * bitrateKbps * 1000) / sampleRate;
  if (!Number.isInteger(frameBytes)) throw new RangeError(`No whole-byte frames at ${bitrateKbps} kbit/s`);
  const handle = await open(path, 'w');
  // Room for the Info frame, written last when the counts are known.
  const file = new BufferedFile(handle, frameBytes);
  let samples = 0;
  let firstHeader: Uint8Array | undefined;
  const take = async (bytes: Uint8Array) => {
    if (bytes.length === 0) return;
    if (!firstHeader) firstHeader = bytes.slice(0, 4);
    // The encoder owns the bytes it returns: BufferedFile copies them.
    await file.write(bytes);
  };
  let scratch = new Float32Array(0);
  return {
    async write(input) {
      if (scratch.length < input.length) scratch = new Float32Array(input.length);
      const x = scratch.subarray(0, input.length);
      for (let i = 0; i < x.length; i++) x[i] = Math.max(-1, Math.min(1, input[i]!));
      samples += x.length;
      await take(encoder.encode([x]));
    },
    async close() {
      await take(encoder.finalize());
      await file.flush();
      const audioBytes = file.bytesWritten - frameBytes;
      if (!firstHeader) throw new Error('The MP3 encoder produced nothing');
      const audioFrames = audioBytes / frameBytes;
      const info = lameInfoFrame({ firstHeader, frameBytes, audioFrames, audioBytes, samples, bitrateKbps });
      await handle.write(info, 0, info.length, 0);
      await handle.close();
      return audioBytes + frameBytes;
    },
    async abort() {
      await handle.close().catch(() => {});
    },
  };
}
