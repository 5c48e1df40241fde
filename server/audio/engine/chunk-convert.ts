/**
 * One chunk's conversion, the same code on any thread: denoise → pitch and formant shift → breath →
 * spectral colouring, then the samples the chunk keeps.
 */
import type { Denoiser } from './denoise.ts';
import { addBreath, timbreFilters } from './filters.ts';
import type { PitchShifter } from './rubberband.ts';
import type { Chunk } from './chunks.ts';
import type { TimbrePreset } from './types.ts';

/** Everything about the voice a chunk needs (plain data: it crosses to worker threads). */
export interface VoiceSettings {
  sampleRate: number;
  pitchScale: number;
  formantScale: number;
  timbre: TimbrePreset;
  /** The narration style's extra brightness, dB. */
  brightnessDb: number;
  denoise: boolean;
  shortWindow: boolean;
}

export interface ChunkTools {
  shifter: () => Promise<PitchShifter>;
  denoiser: () => Promise<Denoiser>;
}

/** `samples` are [chunk.readStart, chunk.readEnd) of the 48 kHz input; returns [outStart, outEnd) converted. */
export async function convertChunk(
  samples: Float32Array,
  chunk: Chunk,
  voice: VoiceSettings,
  tools: ChunkTools,
  checkpoint: () => void,
): Promise<Float32Array> {
  if (samples.length !== chunk.readEnd - chunk.readStart) throw new Error('Chunk samples do not match its plan');
  let x = samples;
  if (voice.denoise) x = (await tools.denoiser()).denoise(x, checkpoint);
  checkpoint();
  if (Math.abs(voice.pitchScale - 1) > 1e-9 || Math.abs(voice.formantScale - 1) > 1e-9) {
    x = (await tools.shifter()).shift(x, voice.sampleRate, {
      pitchScale: voice.pitchScale,
      formantScale: voice.formantScale,
      shortWindow: voice.shortWindow,
      checkpoint,
    });
  } else if (x === samples) {
    x = x.slice();
  }
  checkpoint();
  // Seeded by position: the same chunk gives the same breath on any thread.
  addBreath(x, voice.timbre.breathiness ?? 0, voice.sampleRate, chunk.readStart + 1);
  const filters = timbreFilters(voice.timbre, voice.sampleRate, voice.brightnessDb);
  if (!filters.empty) filters.process(x);
  return x.slice(chunk.outStart - chunk.readStart, chunk.outEnd - chunk.readStart);
}
