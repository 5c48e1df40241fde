import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  createAudioAnalyzer,
  NOT_AUDIO_MESSAGE,
  NotAudioError,
  TooLongError,
  type AudioInfo,
  type Audiowaveform,
} from '../audio/index.ts';
import { fileTooLarge, HttpError } from './errors.ts';

/**
 * Receiving audio files from multipart forms, shared by every service that takes them (originals in the
 * studio, calibrations): each file goes to a temporary file while it is decoded chunk by chunk, so a file
 * that is not audio, too long or too large is refused as soon as that shows, and nothing of a refused
 * file stays on disk. The caller moves a staged file into storage (Storage.putFile) or unlinks it.
 */

/** A received file that checked out, waiting in `tempPath` to be moved into storage. */
export interface StagedAudio {
  /** The received bytes, until they are moved into storage (then null). */
  tempPath: string | null;
  fileName: string;
  info: AudioInfo;
  peaks: Audiowaveform;
  size: number;
}

export interface AudioLimits {
  /** Longer audio is refused (422) as soon as this much has been decoded. */
  maxSeconds: number;
  /** Shorter audio is refused (422) once the whole file has arrived. */
  minSeconds?: number;
}

/** The audio is shorter than the caller accepts. */
export class TooShortError extends Error {
  readonly limitSeconds: number;
  constructor(limitSeconds: number) {
    super(`Recording is shorter than ${limitSeconds} seconds`);
    this.limitSeconds = limitSeconds;
  }
}

/** The uploaded file's own name, without any directory a browser or tool sent along. */
export function baseFileName(raw: string | undefined, ext: string): string {
  const base = (raw ?? '')
    .split(/[/\\]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return base || `recording.${ext}`;
}

const sweptDirs = new Set<string>();

/**
 * Removes incoming files a previous process left when it stopped mid-upload (a finished or failed
 * request removes its own), once per process; a day old is old enough not to be anyone's upload.
 */
async function sweepStale(dir: string) {
  if (sweptDirs.has(dir)) return;
  sweptDirs.add(dir);
  const dayAgo = Date.now() - 86_400_000;
  for (const name of await readdir(dir).catch(() => [])) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile() && info.mtimeMs < dayAgo) await unlink(file).catch(() => undefined);
  }
}

/** DATA_DIR/tmp/uploads, made if needed and swept of what a stopped process left there. */
export async function uploadTempDir(app: FastifyInstance): Promise<string> {
  const dir = path.join(app.config.dataDir, 'tmp', 'uploads');
  await mkdir(dir, { recursive: true });
  await sweepStale(dir);
  return dir;
}

/** A 422 about the file in body/data, naming it. */
function refused(file: string, detail: string, extra: Record<string, unknown> = {}) {
  return new HttpError(422, detail, {
    field: 'body/data',
    file_name: file,
    ...extra,
    errors: [{ field: 'body/data', message: `${file}: ${detail}` }],
  });
}

/**
 * Receives one file: its bytes go to a temporary file while each chunk is decoded, so a file that is not
 * audio, or longer than allowed, is refused as soon as that shows, and one over the size limit when the
 * limit is crossed (413); nothing of a refused file stays on disk.
 */
export async function stageAudio(part: MultipartFile, tmpDir: string, limits: AudioLimits): Promise<StagedAudio> {
  const tempPath = path.join(tmpDir, randomUUID());
  const analyzer = createAudioAnalyzer({ maxSeconds: limits.maxSeconds, file: tempPath });
  const out = createWriteStream(tempPath, { flags: 'wx' });
  let size = 0;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (!out.write(chunk)) await once(out, 'drain');
      await analyzer.write(chunk);
    }
    if (part.file.truncated) throw fileTooLarge();
    out.end();
    await once(out, 'finish');
    const { info, peaks } = await analyzer.end();
    if (limits.minSeconds !== undefined && info.duration < limits.minSeconds) {
      throw new TooShortError(limits.minSeconds);
    }
    return { tempPath, fileName: baseFileName(part.filename, info.ext), info, peaks, size };
  } catch (err) {
    analyzer.abort();
    // The file may still be opening: wait until it is closed, or the unlink could come before its creation.
    out.destroy();
    if (!out.closed) await once(out, 'close').catch(() => undefined);
    await unlink(tempPath).catch(() => undefined);
    const file = baseFileName(part.filename, 'audio');
    if (err instanceof NotAudioError) throw refused(file, NOT_AUDIO_MESSAGE);
    if (err instanceof TooLongError || err instanceof TooShortError) {
      throw refused(file, err.message, { limit_seconds: err.limitSeconds });
    }
    throw err;
  }
}
