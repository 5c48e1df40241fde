/**
 * The engine's worker thread: converts chunks (Rubber Band, RNNoise) and synthesises speech (eSpeak-NG),
 * loading each WebAssembly module the first time a task needs it. Tasks arrive as { id, task } and are
 * answered with { id, kind: 'data' | 'done' | 'error' }. An abort flag in shared memory (set by the main
 * thread) is polled between blocks, so a long task stops within milliseconds.
 */
import { openSync, readSync, closeSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { Denoiser } from './denoise.ts';
import { PitchShifter } from './rubberband.ts';
import { convertChunk, type VoiceSettings } from './chunk-convert.ts';
import type { Chunk } from './chunks.ts';
import { Synthesiser } from './espeak.ts';

export interface ChunkTask {
  kind: 'chunk';
  /** Raw 32-bit float mono samples of the whole input. */
  rawPath: string;
  chunk: Chunk;
  /** The chunk in the result's time (scalePlan). */
  out: Chunk;
  voice: VoiceSettings;
  /** The pitch contour's factor per 10 ms of the chunk's input, or null. */
  pitch: Float32Array | null;
  abort: Int32Array;
}

export interface TtsTask {
  kind: 'tts';
  text: string;
  engineVoice: string;
  rate: number;
  pitchRange: number;
  abort: Int32Array;
}

export type WorkerTask = ChunkTask | TtsTask;

export class WorkerAbortError extends Error {
  constructor() {
    super('Aborted');
    this.name = 'AbortError';
  }
}

let shifter: Promise<PitchShifter> | undefined;
let denoiser: Promise<Denoiser> | undefined;
let synthesiser: Promise<Synthesiser> | undefined;
const tools = {
  shifter: () => (shifter ??= PitchShifter.create()),
  denoiser: () => (denoiser ??= Denoiser.create()),
};

function readRange(path: string, start: number, end: number): Float32Array {
  const out = new Float32Array(end - start);
  const bytes = new Uint8Array(out.buffer);
  const fd = openSync(path, 'r');
  try {
    let done = 0;
    while (done < bytes.length) {
      const n = readSync(fd, bytes, done, bytes.length - done, start * 4 + done);
      if (n === 0) throw new Error(`${path} ends before sample ${end}`);
      done += n;
    }
  } finally {
    closeSync(fd);
  }
  return out;
}

async function run(task: WorkerTask, send: (data: unknown, transfer?: ArrayBuffer[]) => void): Promise<unknown> {
  const checkpoint = () => {
    if (Atomics.load(task.abort, 0) !== 0) throw new WorkerAbortError();
  };
  checkpoint();
  if (task.kind === 'chunk') {
    const samples = readRange(task.rawPath, task.chunk.readStart, task.chunk.readEnd);
    return convertChunk(samples, task.chunk, task.out, task.voice, task.pitch, tools, checkpoint);
  }
  const tts = await (synthesiser ??= Synthesiser.create());
  const sampleRate = tts.synthesise(
    task.text,
    task.engineVoice,
    { rate: task.rate, pitchRange: task.pitchRange },
    (pcm) => {
      checkpoint();
      send(pcm, [pcm.buffer as ArrayBuffer]);
    },
  );
  return { sampleRate };
}

parentPort!.on('message', (message: { id: number; task: WorkerTask }) => {
  const { id, task } = message;
  const send = (data: unknown, transfer: ArrayBuffer[] = []) =>
    parentPort!.postMessage({ id, kind: 'data', data }, transfer);
  run(task, send).then(
    (result) => {
      const transfer = result instanceof Float32Array ? [result.buffer as ArrayBuffer] : [];
      parentPort!.postMessage({ id, kind: 'done', data: result }, transfer);
    },
    (error: unknown) => {
      const e = error instanceof Error ? error : new Error(String(error));
      parentPort!.postMessage({ id, kind: 'error', error: { name: e.name, message: e.message, stack: e.stack } });
    },
  );
});
