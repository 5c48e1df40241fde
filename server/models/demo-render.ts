import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rm } from 'node:fs/promises';
import { wavHeader } from '../audio/engine/encode.ts';
import { ENGINE_SAMPLE_RATE, EmptyTextError, UnknownVoiceError, type Engine } from '../audio/engine/types.ts';
import { accentInfos, demoSets, ttsVoices, voices } from '../db/schema.ts';
import type { DemoLanguages } from '../platform/config.ts';
import { PermanentJobError, type JobContext } from '../jobs/index.ts';
import type { Db } from '../platform/db.ts';
import { pendingDemoSets, saveDemoAudio } from './reference.ts';

declare module '../jobs/index.ts' {
  interface JobPayloads {
    'demo.render': { demoSetId: string };
  }
}

/**
 * Demo sets' audio (issue 6: "demo sets per language, audio rendered by our own engine at seed time"):
 * the synthesiser speaks the demo's text in its language (the original, WAV), the engine converts that
 * into the demo's voice (MP3), and both keys are recorded with saveDemoAudio when the job finishes.
 * Every start queues one job per demo set still without audio (dedupe key `demo:<id>`), so starting is
 * not slowed, several instances queue each set once, and nothing is queued once it is rendered.
 */

export const DEMO_RENDER_JOB = 'demo.render';
export const demoJobKey = (id: string) => `demo:${id}`;
export const demoKeys = (id: string) => ({
  original: `demos/${id}/original.wav`,
  converted: `demos/${id}/converted.mp3`,
});

/** The synthesiser voice of a demo: its language's TTS voice for the demo's voice, else of its gender, else the accent's. */
async function engineVoiceOf(db: Db, language: string, voiceId: string, gender: string | null): Promise<string> {
  const tag = language.toLowerCase();
  const base = tag.split('-')[0]!;
  const candidates = await db
    .select({
      engineVoice: ttsVoices.engineVoice,
      locale: ttsVoices.locale,
      gender: ttsVoices.gender,
      voiceId: ttsVoices.voiceId,
    })
    .from(ttsVoices)
    .where(sql`lower(${ttsVoices.language}) = ${base} or lower(${ttsVoices.locale}) = ${tag}`)
    .orderBy(asc(ttsVoices.locale), asc(ttsVoices.id));
  const score = (c: (typeof candidates)[number]) =>
    (c.voiceId === voiceId ? 8 : 0) +
    (c.locale?.toLowerCase() === tag ? 4 : 0) +
    (gender && c.gender === gender ? 2 : 0);
  const best = candidates.map((c, i) => ({ c, i })).sort((a, b) => score(b.c) - score(a.c) || a.i - b.i)[0]?.c;
  if (best) return best.engineVoice;
  const [accent] = await db
    .select({ engineVoice: accentInfos.engineVoice })
    .from(accentInfos)
    .where(sql`lower(${accentInfos.locale}) = ${tag} or lower(${accentInfos.language}) = ${base}`)
    .orderBy(asc(accentInfos.locale))
    .limit(1);
  if (accent?.engineVoice) return accent.engineVoice;
  throw new PermanentJobError(`The synthesiser has no voice for the language ${language}`);
}

/** 16-bit mono WAV of PCM pieces (a demo's few seconds of speech). */
export function wavOf(pieces: Float32Array[], sampleRate: number): Buffer {
  const frames = pieces.reduce((n, p) => n + p.length, 0);
  const data = Buffer.allocUnsafe(frames * 2);
  let at = 0;
  for (const piece of pieces) {
    for (let i = 0; i < piece.length; i++, at += 2) {
      data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, piece[i]!)) * 32767), at);
    }
  }
  return Buffer.concat([wavHeader(frames, sampleRate), data]);
}

/** A render job's engine refusal that retrying cannot fix (unknown voice, empty text) fails the job for good. */
export function permanentRenderError(err: unknown): never {
  if (err instanceof UnknownVoiceError || err instanceof EmptyTextError) throw new PermanentJobError(err.message);
  throw err;
}

/** The synthesiser's speech of a text, whole (a demo's or a marketing sample's few seconds). */
export async function speakAll(engine: Engine, text: string, engineVoice: string, signal: AbortSignal) {
  const pieces: Float32Array[] = [];
  try {
    for await (const piece of engine.synthesise(text, { engineVoice }, { signal })) pieces.push(piece);
  } catch (err) {
    permanentRenderError(err);
  }
  signal.throwIfAborted();
  return pieces;
}

/** Registers the demo.render job (every process that builds the app can run it). */
export function registerDemoRenderJob(app: FastifyInstance, engineOf: () => Engine) {
  const { db, storage } = app;

  async function run(job: JobContext<{ demoSetId: string }>) {
    const [demo] = await db
      .select({
        id: demoSets.id,
        language: demoSets.language,
        text: demoSets.text,
        voiceId: demoSets.voiceId,
        originalKey: demoSets.originalKey,
        convertedKey: demoSets.convertedKey,
        preset: voices.enginePreset,
        gender: voices.gender,
      })
      .from(demoSets)
      .innerJoin(voices, eq(voices.id, demoSets.voiceId))
      .where(eq(demoSets.id, job.payload.demoSetId))
      .limit(1);
    // Gone, or rendered meanwhile (another instance's job): nothing to do.
    if (!demo || (demo.originalKey && demo.convertedKey)) return;
    if (!demo.text?.trim()) throw new PermanentJobError('The demo set has no text');
    const engineVoice = await engineVoiceOf(db, demo.language, demo.voiceId, demo.gender);
    const engine = engineOf();
    // The original: the synthesiser's speech as it is.
    const pieces = await speakAll(engine, demo.text, engineVoice, job.signal);

    const keys = demoKeys(demo.id);
    const outDir = await app.workDir(job);
    const stored: string[] = [];
    try {
      // The conversion into the demo's voice (BASIC narration style, no user shift).
      const result = await engine
        .convert(
          { pcm: pieces, sampleRate: ENGINE_SAMPLE_RATE },
          { preset: demo.preset, semitones: 0 },
          { outDir, baseName: 'demo', signal: job.signal },
        )
        .catch(permanentRenderError);
      job.signal.throwIfAborted();
      await storage.put(keys.original, wavOf(pieces, ENGINE_SAMPLE_RATE), { contentType: 'audio/wav' });
      stored.push(keys.original);
      await storage.putFile(keys.converted, result.mp3Path, { contentType: 'audio/mpeg' });
      stored.push(keys.converted);
      // Everything is computed: the finish transaction only writes.
      const done = await job.finish(async (tx) => {
        await saveDemoAudio(tx, demo.id, {
          originalKey: keys.original,
          convertedKey: keys.converted,
          duration: result.duration,
        });
        return true;
      });
      if (done) stored.length = 0;
    } finally {
      for (const key of stored) await storage.delete(key).catch(() => undefined);
      await rm(outDir, { recursive: true, force: true });
    }
  }

  app.jobs.register<'demo.render'>(DEMO_RENDER_JOB, run, { concurrency: 1 });
}

/**
 * Queues a render for every demo set without audio (of the given languages). Idempotent: a set whose job
 * is queued or running is not queued again, and a rendered set is not pending. Answers how many jobs it
 * created.
 */
export async function enqueueDemoRenders(app: FastifyInstance, languages: DemoLanguages = 'all'): Promise<number> {
  if (languages === 'off') return 0;
  const wanted = languages === 'all' ? null : new Set(languages.map((l) => l.toLowerCase()));
  let created = 0;
  for (const demo of await pendingDemoSets(app.db)) {
    if (wanted && !wanted.has(demo.language.toLowerCase())) continue;
    const job = await app.jobs.enqueue(
      DEMO_RENDER_JOB,
      { demoSetId: demo.id },
      { dedupeKey: demoJobKey(demo.id), priority: -1 },
    );
    if (job.created) created++;
  }
  return created;
}
