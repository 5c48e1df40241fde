/**
 * The walkthrough `npm run help-video` records from the product (scripts/help-video.ts) and /help-video plays:
 * its files under public/, and its cues, which are both the WebVTT captions and the transcript.
 */
export const HELP_VIDEO = {
  /** The recording, VP9 WebM without sound. */
  video: 'help/timbre-walkthrough.webm',
  /** Its captions, WebVTT. */
  captions: 'help/timbre-walkthrough.vtt',
} as const;

/** One step of the walkthrough: what is said while it shows, from `start` to `end` seconds. */
export interface HelpVideoCue {
  start: number;
  end: number;
  text: string;
}

/** 12.345 → "00:00:12.345", WebVTT's timestamp. */
export function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** The cues as a WebVTT file, numbered from 1. */
export function toVtt(cues: readonly HelpVideoCue[]): string {
  return `WEBVTT\n\n${cues.map((c, i) => `${i + 1}\n${vttTime(c.start)} --> ${vttTime(c.end)}\n${c.text}\n`).join('\n')}`;
}
