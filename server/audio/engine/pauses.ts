/**
 * A narration style's pause scale: every silence of MIN_PAUSE_SECONDS or more is stretched or shortened
 * by `scale` (its first and last EDGE samples kept, so breaths and decays are untouched), speech is copied
 * as it is. Shortening cuts the middle of the silence out; stretching repeats it; every join is a short
 * equal-gain crossfade of near-silence, inaudible. Streams from raw file to raw file and measures the new
 * file's energy per block on the way.
 */
import { open } from 'node:fs/promises';
import { ENERGY_BLOCK } from './chunks.ts';
import { EnergyMeter } from './decode.ts';

export const MIN_PAUSE_SECONDS = 0.15;
/** A block is silent below this mean square relative to the loudest tenth's level (−35 dB), and below −45 dBFS. */
const SILENCE_RELATIVE = 10 ** (-35 / 10);
const SILENCE_ABSOLUTE = 10 ** (-45 / 10);
const EDGE = 2 * ENERGY_BLOCK;
const JOIN = 240;

/** [start, end) sample ranges of the pauses, from the energy per block. */
export function findPauses(energy: ArrayLike<number>, sampleRate: number): [number, number][] {
  const sorted = Array.from(energy).sort((a, b) => a - b);
  const loud = sorted.length ? sorted[Math.floor(sorted.length * 0.9)]! : 0;
  const threshold = Math.min(SILENCE_ABSOLUTE, loud * SILENCE_RELATIVE);
  const minBlocks = Math.ceil((MIN_PAUSE_SECONDS * sampleRate) / ENERGY_BLOCK);
  const pauses: [number, number][] = [];
  let start = -1;
  for (let b = 0; b <= energy.length; b++) {
    const silent = b < energy.length && energy[b]! < threshold;
    if (silent && start < 0) start = b;
    if (!silent && start >= 0) {
      if (b - start >= minBlocks) pauses.push([start * ENERGY_BLOCK, b * ENERGY_BLOCK]);
      start = -1;
    }
  }
  return pauses;
}

/** The pieces of the input the output is made of, in order; neighbours are joined with a JOIN crossfade. */
export function retimeSegments(frames: number, pauses: [number, number][], scale: number): [number, number][] {
  const pieces: [number, number][] = [];
  let at = 0;
  for (const [s0, e0] of pauses) {
    const s = s0 + EDGE;
    const e = Math.min(frames, e0) - EDGE;
    const inner = e - s;
    if (inner <= 4 * JOIN) continue;
    const target = Math.round(inner * scale);
    if (target < inner) {
      // Keep the first and last halves of what remains: the middle goes.
      const keep = Math.max(2 * JOIN, target + JOIN);
      pieces.push([at, s + Math.floor(keep / 2)]);
      at = e - Math.ceil(keep / 2);
    } else if (target > inner) {
      // The inner silence, then as many extra copies (less a join each) as make up the difference.
      pieces.push([at, e]);
      let extra = target - inner;
      while (extra > 0) {
        const piece = Math.min(inner, extra + JOIN);
        pieces.push([s, s + piece]);
        extra -= piece - JOIN;
      }
      at = e;
    }
  }
  pieces.push([at, frames]);
  return pieces.filter(([a, b]) => b > a);
}

/** Writes `pieces` of `rawIn` to `rawOut` joined by crossfades; answers the new length and energy. */
export async function retimeRaw(
  rawIn: string,
  rawOut: string,
  pieces: [number, number][],
  signal?: AbortSignal,
): Promise<{ frames: number; energy: Float32Array }> {
  const input = await open(rawIn, 'r');
  const output = await open(rawOut, 'w');
  const meter = new EnergyMeter();
  let frames = 0;
  try {
    const read = async (start: number, end: number) => {
      const out = new Float32Array(end - start);
      const bytes = new Uint8Array(out.buffer);
      let done = 0;
      while (done < bytes.length) {
        const { bytesRead } = await input.read(bytes, done, bytes.length - done, start * 4 + done);
        if (bytesRead === 0) break;
        done += bytesRead;
      }
      return out;
    };
    const write = async (x: Float32Array) => {
      meter.add(x);
      frames += x.length;
      await output.write(new Uint8Array(x.buffer, x.byteOffset, x.byteLength));
    };
    /** The last JOIN samples written so far are held back, to be crossfaded with the next piece. */
    let tail: Float32Array | null = null;
    const BLOCK = 1 << 16;
    for (const [start, end] of pieces) {
      signal?.throwIfAborted();
      for (let at = start; at < end; at += BLOCK) {
        const block = await read(at, Math.min(end, at + BLOCK));
        if (at === start && tail) {
          const n = Math.min(JOIN, tail.length, block.length);
          for (let i = 0; i < n; i++) {
            const w = (i + 0.5) / n;
            block[i] = tail[i]! * (1 - w) + block[i]! * w;
          }
          tail = null;
        }
        const last = at + BLOCK >= end;
        if (last && end - start > 2 * JOIN) {
          await write(block.subarray(0, block.length - JOIN));
          tail = block.slice(block.length - JOIN);
        } else {
          await write(block);
        }
      }
    }
    if (tail) await write(tail);
  } finally {
    await input.close();
    await output.close();
  }
  return { frames, energy: meter.finish() };
}
