/**
 * One chunk's conversion, the same code on any thread: denoise → pitch and formant shift, the pitch
 * following the style's contour and the duration the style's rate (Rubber Band) → roughness, ring
 * modulation → breath → spectral colouring → energy contour → high-frequency transfer, then the samples
 * the chunk keeps.
 */
import type { Denoiser } from './denoise.ts';
import {
  addBreath,
  addRoughness,
  highBand,
  ringModulate,
  shapeEnergy,
  timbreFilters,
  transferHighBand,
} from './filters.ts';
import type { PitchShifter } from './rubberband.ts';
import { ENERGY_BLOCK, type Chunk } from './chunks.ts';
import type { VoiceTimbre } from './types.ts';

/** Everything about the voice a chunk needs (plain data: it crosses to worker threads). */
export interface VoiceSettings {
  sampleRate: number;
  pitchScale: number;
  formantScale: number;
  timbre: VoiceTimbre;
  /** The voice's breathiness plus the narration style's, 0..1. */
  breathiness: number;
  /** The narration style's energy and the input's median speech level (mean square dB per 10 ms). */
  energy: number;
  medianLevelDb: number | null;
  /** Output duration / input duration (1 / the style's rate). */
  timeRatio: number;
  hft: boolean;
  denoise: boolean;
  shortWindow: boolean;
}

export interface ChunkTools {
  shifter: () => Promise<PitchShifter>;
  denoiser: () => Promise<Denoiser>;
}

/**
 * Converts `samples`, [chunk.readStart, chunk.readEnd) of the 48 kHz input, into [out.outStart, out.outEnd)
 * of the result: `out` is the same chunk in the result's time (scalePlan; `chunk` itself when the duration
 * is kept). `pitch` is the contour's pitch factor per ENERGY_BLOCK of the chunk's input, or null for none.
 */
export async function convertChunk(
  samples: Float32Array,
  chunk: Chunk,
  out: Chunk,
  voice: VoiceSettings,
  pitch: Float32Array | null,
  tools: ChunkTools,
  checkpoint: () => void,
): Promise<Float32Array> {
  if (samples.length !== chunk.readEnd - chunk.readStart) throw new Error('Chunk samples do not match its plan');
  const sr = voice.sampleRate;
  const length = out.readEnd - out.readStart;
  let x = samples;
  if (voice.denoise) x = (await tools.denoiser()).denoise(x, checkpoint);
  checkpoint();
  const stretched = length !== x.length || Math.abs(voice.timeRatio - 1) > 1e-9;
  let band: Float32Array | null = null;
  if (voice.hft) {
    band = highBand(x, sr);
    if (stretched) {
      band = (await tools.shifter()).shift(band, sr, {
        pitchScale: 1,
        formantScale: 1,
        timeRatio: voice.timeRatio,
        outputLength: length,
        checkpoint,
      });
    }
  }
  if (pitch || stretched || Math.abs(voice.pitchScale - 1) > 1e-9 || Math.abs(voice.formantScale - 1) > 1e-9) {
    // The contour's factor between block centres, linearly.
    const pitchAt = pitch
      ? (at: number) => {
          const b = Math.max(0, Math.min(pitch.length - 1, at / ENERGY_BLOCK - 0.5));
          const i = Math.floor(b);
          const j = Math.min(pitch.length - 1, i + 1);
          return pitch[i]! + (pitch[j]! - pitch[i]!) * (b - i);
        }
      : undefined;
    x = (await tools.shifter()).shift(x, sr, {
      pitchScale: voice.pitchScale,
      formantScale: voice.formantScale,
      shortWindow: voice.shortWindow,
      timeRatio: voice.timeRatio,
      outputLength: length,
      pitchAt,
      checkpoint,
    });
  } else if (x === samples) {
    x = x.slice();
  }
  checkpoint();
  // Positions are the result's, so chunks converted apart agree where they overlap.
  addRoughness(x, voice.timbre.roughness ?? 0, sr, out.readStart);
  if (voice.timbre.ring_mod_hz) ringModulate(x, voice.timbre.ring_mod_hz, sr, out.readStart);
  // Seeded by position: the same chunk gives the same breath on any thread.
  addBreath(x, voice.breathiness, sr, out.readStart + 1);
  const filters = timbreFilters(voice.timbre, sr);
  if (!filters.empty) filters.process(x);
  shapeEnergy(x, voice.energy, voice.medianLevelDb, sr);
  if (band) transferHighBand(x, band, sr);
  return x.slice(out.outStart - out.readStart, out.outEnd - out.readStart);
}
