import { analyzeAudio } from '../server/audio/index.ts';
import { wavStream } from './audio-source.ts';

/** Decoding and waveform peaks of a 60-minute 48 kHz mono 16-bit WAV (345.6 MB), streamed in 64 KiB chunks. */
export async function peaksBench() {
  const seconds = 3600;
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const { info, peaks } = await analyzeAudio(wavStream(seconds));
  const ms = performance.now() - started;
  // The process's high-water mark (this part runs first or alone, so it is the analysis's own).
  const peakRss = process.resourceUsage().maxRSS * 1024;
  const json = JSON.stringify(peaks);
  console.log(
    `60-minute 48 kHz mono WAV (${((seconds * 48000 * 2) / 1e6).toFixed(1)} MB), decoded and peaked as it streams`,
  );
  console.log(`  time              ${(ms / 1000).toFixed(2)} s (${(seconds / (ms / 1000)).toFixed(0)}× real time)`);
  console.log(`  duration read     ${info.duration.toFixed(1)} s`);
  console.log(
    `  peaks             ${peaks.length} pairs at ${peaks.samples_per_pixel} samples per pixel, ${(json.length / 1024).toFixed(0)} KB of JSON`,
  );
  console.log(
    `  memory            peak RSS ${(peakRss / 1e6).toFixed(0)} MB (${(rssBefore / 1e6).toFixed(0)} MB before it started)`,
  );
}
