import type { HelpVideoCue } from '../src/features/help/help-video-files.ts';

/** One step as recorded, in seconds of the raw recording: it started, its action was done, its caption ended. */
export interface RecordedStep {
  start: number;
  done: number;
  end: number;
  text: string;
}

/** An action longer than this (a page loading, a conversion running) is shortened to its first and last seconds. */
export const MAX_ACTION_SECONDS = 4;
/** What is kept of a long action at each end. */
const KEPT_SECONDS = 1.5;

/**
 * The parts of the raw recording the walkthrough keeps, and its cues on the cut timeline. A machine's load
 * makes waits (a page, an upload, a conversion) last anything from one second to twenty: a long action keeps
 * its start and its end, the wait between is cut, so the video lasts about as long as its captions take to
 * read whatever the machine did. Cue times are to a tenth of a second.
 */
export function cutWaits(steps: readonly RecordedStep[]): { segments: [number, number][]; cues: HelpVideoCue[] } {
  const segments: [number, number][] = [];
  const cues: HelpVideoCue[] = [];
  let at = 0;
  const tenth = (t: number) => Math.round(t * 10) / 10;
  for (const step of steps) {
    const parts: [number, number][] =
      step.done - step.start > MAX_ACTION_SECONDS
        ? [
            [step.start, step.start + KEPT_SECONDS],
            [step.done - KEPT_SECONDS, step.end],
          ]
        : [[step.start, step.end]];
    const start = at;
    for (const part of parts) {
      segments.push(part);
      at += part[1] - part[0];
    }
    cues.push({ start: tenth(start), end: tenth(at), text: step.text });
  }
  return { segments, cues };
}

/** ffmpeg's filter that keeps `segments` of the input, at `fps`, back to back. */
export function selectFilter(segments: readonly [number, number][], fps: number): string {
  const keep = segments.map(([a, b]) => `between(t,${a.toFixed(3)},${b.toFixed(3)})`).join('+');
  return `fps=${fps},select='${keep}',setpts=N/${fps}/TB`;
}
