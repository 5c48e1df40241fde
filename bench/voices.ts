import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import decode from 'audio-decode';
import { createDspEngine } from '../server/audio/engine/index.ts';
import { medianF0, trackF0 } from '../server/audio/engine/contour.ts';
import { createLoudnessMeter } from '../server/audio/engine/loudness.ts';
import {
  bandLevels,
  measuredClip,
  SIXTH_OCTAVES,
  spectralCentroid,
  spectralDistance,
} from '../server/audio/engine/test-signals.ts';
import { PRIVATE_VOICES, VOICES } from '../server/models/catalogue-data.ts';

const SR = 48000;

/**
 * Every catalogue voice on one clip (test-signals.ts measuredClip: 2 s of a 140 Hz source-filter voice):
 * the measured median F0, spectral centroid (100 Hz–8 kHz) and integrated loudness of each conversion, and
 * the spectral distance matrix's minimum (sixth-octave long-term spectra, level removed) with the closest
 * pairs — what a voice designer reads to see that voices differ as the catalogue says.
 */
export async function voicesBench() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-voices-'));
  const engine = createDspEngine({ tmpDir: dir });
  try {
    const clip = measuredClip(2);
    const catalogue = [...VOICES, ...PRIVATE_VOICES];
    const loudness = (x: Float32Array) => {
      const meter = createLoudnessMeter(SR);
      meter.add(x);
      return meter.integrated();
    };
    const rows = await Promise.all(
      catalogue.map(async (voice) => {
        const result = await engine.convert(
          { pcm: [clip], sampleRate: SR },
          { preset: voice.preset, semitones: 0 },
          { outDir: path.join(dir, voice.slug) },
        );
        const x = (await decode(await readFile(result.wavPath))).channelData[0]!;
        return {
          voice,
          f0: medianF0(trackF0(x)),
          centroid: spectralCentroid(x, SR),
          lufs: loudness(x),
          spectrum: bandLevels(x, SR, SIXTH_OCTAVES),
        };
      }),
    );
    const f = (v: number | null, digits = 1) => (v === null ? '–' : v.toFixed(digits));
    console.log(
      `  clip: 2 s, median F0 ${f(medianF0(trackF0(clip)))} Hz, centroid ${f(spectralCentroid(clip, SR), 0)} Hz, ${f(loudness(clip))} LUFS`,
    );
    console.log(
      `  ${'voice'.padEnd(22)} ${'offset st'.padStart(9)} ${'F0 Hz'.padStart(7)} ${'centroid Hz'.padStart(11)} ${'LUFS'.padStart(6)}`,
    );
    for (const r of rows) {
      console.log(
        `  ${r.voice.name.padEnd(22)} ${f(r.voice.preset.pitch_offset_semitones).padStart(9)} ${f(r.f0).padStart(7)} ${f(r.centroid, 0).padStart(11)} ${f(r.lufs).padStart(6)}`,
      );
    }
    const pairs: { a: string; b: string; d: number }[] = [];
    for (let i = 0; i < rows.length; i++) {
      for (let j = i + 1; j < rows.length; j++) {
        pairs.push({
          a: rows[i]!.voice.name,
          b: rows[j]!.voice.name,
          d: spectralDistance(rows[i]!.spectrum, rows[j]!.spectrum),
        });
      }
    }
    pairs.sort((x, y) => x.d - y.d);
    console.log(
      `  spectral distance (dB), ${pairs.length} pairs: minimum ${f(pairs[0]!.d, 2)}, median ${f(pairs[pairs.length >> 1]!.d, 2)}`,
    );
    for (const p of pairs.slice(0, 5)) console.log(`    ${`${p.a} – ${p.b}`.padEnd(40)} ${f(p.d, 2)} dB`);
  } finally {
    await engine.close();
    await rm(dir, { recursive: true, force: true });
  }
}
