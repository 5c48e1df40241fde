import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rm } from 'node:fs/promises';
import type { components } from '../../openapi/generated/models.js';
import { ENGINE_SAMPLE_RATE, type Engine } from '../audio/engine/types.ts';
import { jobs, showcaseRenders, showcaseSamples, voices } from '../db/schema.ts';
import type { JobContext } from '../jobs/index.ts';
import type { DemoLanguages } from '../platform/config.ts';
import type { Db } from '../platform/db.ts';
import type { FileUrls } from '../storage/index.ts';
import { voiceIdOf } from './catalogue.ts';
import { TTS_VOICES } from './catalogue-data.ts';
import { permanentRenderError, speakAll, wavOf } from './demo-render.ts';

declare module '../jobs/index.ts' {
  interface JobPayloads {
    'showcase.render': { sampleId: string };
  }
}

type Schemas = components['schemas'];
export type ShowcaseSlot = Schemas['ShowcaseSlot'];

/**
 * The marketing site's samples (issue 13, "a marketing site you can hear"): the landing page's before/after
 * (one original converted into three voices) and about ten seconds per use case of /use-cases. Like the
 * demo sets, the synthesiser speaks the text (the original, WAV) and the voice engine converts it (MP3),
 * from the job queue: a start queues one `showcase.render` per sample still without audio, so starting is
 * not slowed and a restart renders nothing that exists. GET /api/v2/showcase is public.
 */
export interface ShowcaseDef {
  slot: ShowcaseSlot;
  /** The synthesiser's voice of the original (a TTS_VOICES id). */
  speaker: string;
  /** Catalogue voices (slugs) the original is converted into, in the order the page offers them. */
  voices: string[];
  text: string;
}

export const SHOWCASE: ShowcaseDef[] = [
  {
    slot: 'hero',
    speaker: 'en-US-male',
    voices: ['ava', 'marcus', 'grumbold'],
    text: 'This is one recording. Pick a voice, and hear the same words, with the same timing, in a brand new voice.',
  },
  {
    slot: 'narration',
    speaker: 'en-US-male',
    voices: ['marcus'],
    text: 'Chapter three. The rain had not stopped for a week, and the river was rising fast. Mara packed the lantern, the old map and her grandmother’s letter, and stepped out into the dark.',
  },
  {
    slot: 'dubbing',
    speaker: 'en-US-male',
    voices: ['arthur'],
    text: 'Previously, on Northern Lights. The crew lost all contact with the station, the storm closed the only pass, and now just one of them knows the way back down the mountain.',
  },
  {
    slot: 'games',
    speaker: 'en-US-male',
    voices: ['grumbold'],
    text: 'Halt, traveller! Nobody crosses my bridge without paying the toll. Answer me three riddles, or hand over three gold coins, and be quick about it, because I am very hungry!',
  },
  {
    slot: 'podcasts',
    speaker: 'en-US-female',
    voices: ['priya'],
    text: 'Hi everyone, and welcome back to the show. This week we are talking to a sound designer about how the voices in your favourite games and films are actually made.',
  },
  {
    slot: 'accessibility',
    speaker: 'en-US-female',
    voices: ['ava'],
    text: 'This page has three sections. Use the headings to move between them. The first section explains your account, the second explains your plan, and the third holds your settings.',
  },
  {
    slot: 'learning',
    speaker: 'en-US-female',
    voices: ['eleanor'],
    text: 'In this lesson you will learn how plants turn sunlight, water and air into food. By the end, you will be able to explain photosynthesis in your own words.',
  },
];

/** The showcase's language: its texts are English. DEMO_AUDIO (Config.demoAudio) decides whether they render. */
export const SHOWCASE_LANGUAGE = 'en';
export const SHOWCASE_RENDER_JOB = 'showcase.render';
export const showcaseJobKey = (id: string) => `showcase:${id}`;
export const showcaseKeys = (id: string) => ({
  original: `showcase/${id}/original.wav`,
  converted: (voiceSlugOrId: string) => `showcase/${id}/${voiceSlugOrId}.mp3`,
});

function engineVoiceOf(speaker: string): string {
  const voice = TTS_VOICES.find((v) => v.id === speaker);
  if (!voice) throw new Error(`SHOWCASE names an unknown synthesiser voice ${speaker}`);
  return voice.engineVoice;
}

/**
 * Upserts the showcase's samples and voices. A sample whose text or speaker changed loses its audio (it is
 * rendered again); a voice no longer offered is removed. Runs inside the catalogue's seed, after the voices.
 */
export async function seedShowcase(db: Db, defs: ShowcaseDef[] = SHOWCASE) {
  await db.transaction(async (tx) => {
    for (const [position, def] of defs.entries()) {
      const engineVoice = engineVoiceOf(def.speaker);
      await tx
        .insert(showcaseSamples)
        .values({ id: def.slot, position, language: SHOWCASE_LANGUAGE, text: def.text, engineVoice })
        .onConflictDoUpdate({
          target: showcaseSamples.id,
          set: {
            position,
            language: SHOWCASE_LANGUAGE,
            text: def.text,
            engineVoice,
            originalKey: sql`case when ${showcaseSamples.text} = ${def.text} and ${showcaseSamples.engineVoice} = ${engineVoice} then ${showcaseSamples.originalKey} end`,
            duration: sql`case when ${showcaseSamples.text} = ${def.text} and ${showcaseSamples.engineVoice} = ${engineVoice} then ${showcaseSamples.duration} end`,
          },
        });
      const voiceIds = def.voices.map(voiceIdOf);
      // A new original makes every conversion of the old one stale.
      await tx
        .update(showcaseRenders)
        .set({ convertedKey: null, duration: null })
        .where(
          and(
            eq(showcaseRenders.sampleId, def.slot),
            sql`not exists (select 1 from ${showcaseSamples} where ${showcaseSamples.id} = ${def.slot} and ${showcaseSamples.originalKey} is not null)`,
          ),
        );
      await tx
        .delete(showcaseRenders)
        .where(and(eq(showcaseRenders.sampleId, def.slot), notInArray(showcaseRenders.voiceId, voiceIds)));
      await tx
        .insert(showcaseRenders)
        .values(voiceIds.map((voiceId, i) => ({ sampleId: def.slot, voiceId, position: i })))
        .onConflictDoUpdate({
          target: [showcaseRenders.sampleId, showcaseRenders.voiceId],
          set: { position: sql`excluded.position` },
        });
    }
    const slots = defs.map((d) => d.slot);
    if (slots.length) await tx.delete(showcaseSamples).where(notInArray(showcaseSamples.id, slots));
  });
}

/** Samples still waiting for audio: no original, or a voice not converted yet. */
export async function pendingShowcase(db: Db): Promise<{ id: string; language: string }[]> {
  return db
    .select({ id: showcaseSamples.id, language: showcaseSamples.language })
    .from(showcaseSamples)
    .where(
      sql`${showcaseSamples.originalKey} is null or exists (select 1 from ${showcaseRenders} where ${showcaseRenders.sampleId} = ${showcaseSamples.id} and ${showcaseRenders.convertedKey} is null)`,
    )
    .orderBy(asc(showcaseSamples.position));
}

/** Registers the showcase.render job (every process that builds the app can run it). */
export function registerShowcaseRenderJob(app: FastifyInstance, engineOf: () => Engine) {
  const { db, storage } = app;

  async function run(job: JobContext<{ sampleId: string }>) {
    const [sample] = await db
      .select()
      .from(showcaseSamples)
      .where(eq(showcaseSamples.id, job.payload.sampleId))
      .limit(1);
    if (!sample) return;
    const renders = await db
      .select({
        voiceId: showcaseRenders.voiceId,
        slug: voices.slug,
        preset: voices.enginePreset,
        convertedKey: showcaseRenders.convertedKey,
      })
      .from(showcaseRenders)
      .innerJoin(voices, eq(voices.id, showcaseRenders.voiceId))
      .where(eq(showcaseRenders.sampleId, sample.id))
      .orderBy(asc(showcaseRenders.position));
    // Rendered meanwhile (another instance's job): nothing to do.
    if (sample.originalKey && renders.every((r) => r.convertedKey)) return;

    const engine = engineOf();
    // The original is spoken again even when only a voice is missing: every conversion comes from the same take.
    const pieces = await speakAll(engine, sample.text, sample.engineVoice, job.signal);

    const keys = showcaseKeys(sample.id);
    const outDir = await app.workDir(job);
    const stored: string[] = [];
    try {
      const converted: { voiceId: string; key: string; duration: number }[] = [];
      let duration = 0;
      for (const render of renders) {
        const result = await engine
          .convert(
            { pcm: pieces, sampleRate: ENGINE_SAMPLE_RATE },
            { preset: render.preset, semitones: 0 },
            { outDir, baseName: render.slug, signal: job.signal },
          )
          .catch(permanentRenderError);
        job.signal.throwIfAborted();
        const key = keys.converted(render.slug);
        await storage.putFile(key, result.mp3Path, { contentType: 'audio/mpeg' });
        stored.push(key);
        converted.push({ voiceId: render.voiceId, key, duration: result.duration });
        duration = result.duration;
      }
      await storage.put(keys.original, wavOf(pieces, ENGINE_SAMPLE_RATE), { contentType: 'audio/wav' });
      stored.push(keys.original);
      const frames = pieces.reduce((n, p) => n + p.length, 0);
      const originalDuration = frames ? frames / ENGINE_SAMPLE_RATE : duration;
      const done = await job.finish(async (tx) => {
        await tx
          .update(showcaseSamples)
          .set({ originalKey: keys.original, duration: originalDuration })
          .where(and(eq(showcaseSamples.id, sample.id), eq(showcaseSamples.text, sample.text)));
        for (const c of converted) {
          await tx
            .update(showcaseRenders)
            .set({ convertedKey: c.key, duration: c.duration })
            .where(and(eq(showcaseRenders.sampleId, sample.id), eq(showcaseRenders.voiceId, c.voiceId)));
        }
        return true;
      });
      if (done) stored.length = 0;
    } finally {
      for (const key of stored) await storage.delete(key).catch(() => undefined);
      await rm(outDir, { recursive: true, force: true });
    }
  }

  app.jobs.register<'showcase.render'>(SHOWCASE_RENDER_JOB, run, { concurrency: 1 });
}

const rendersShowcase = (languages: DemoLanguages) =>
  languages === 'all' || (languages !== 'off' && languages.some((l) => l.toLowerCase() === SHOWCASE_LANGUAGE));

/**
 * Queues a render for every showcase sample without its audio, the hero first, ahead of the demo sets (the
 * landing page waits for it). Idempotent like enqueueDemoRenders. Answers how many jobs it created.
 */
export async function enqueueShowcaseRenders(app: FastifyInstance, languages: DemoLanguages = 'all'): Promise<number> {
  if (!rendersShowcase(languages)) return 0;
  let created = 0;
  for (const sample of await pendingShowcase(app.db)) {
    const job = await app.jobs.enqueue(
      SHOWCASE_RENDER_JOB,
      { sampleId: sample.id },
      { dedupeKey: showcaseJobKey(sample.id), priority: sample.id === 'hero' ? 0 : -1 },
    );
    if (job.created) created++;
  }
  return created;
}

/** GET /api/v2/showcase: the rendered samples in page order, and the slots whose render is queued or running. */
export async function getShowcase(db: Db, urls: FileUrls): Promise<Schemas['Showcase']> {
  const samples = await db.select().from(showcaseSamples).orderBy(asc(showcaseSamples.position));
  const renders = samples.length
    ? await db
        .select({
          sampleId: showcaseRenders.sampleId,
          voiceId: showcaseRenders.voiceId,
          name: voices.name,
          convertedKey: showcaseRenders.convertedKey,
          duration: showcaseRenders.duration,
        })
        .from(showcaseRenders)
        .innerJoin(voices, eq(voices.id, showcaseRenders.voiceId))
        .where(
          inArray(
            showcaseRenders.sampleId,
            samples.map((s) => s.id),
          ),
        )
        .orderBy(asc(showcaseRenders.position))
    : [];
  const items: Schemas['ShowcaseSample'][] = [];
  const pending: string[] = [];
  for (const sample of samples) {
    const own = renders.filter((r) => r.sampleId === sample.id);
    if (!sample.originalKey || own.length === 0 || own.some((r) => !r.convertedKey)) {
      pending.push(sample.id);
      continue;
    }
    items.push({
      slot: sample.id as ShowcaseSlot,
      language: sample.language,
      text: sample.text,
      original_url: urls.url(sample.originalKey),
      duration: sample.duration ?? 0,
      voices: own.map((r) => ({
        voice_id: r.voiceId,
        name: r.name,
        url: urls.url(r.convertedKey!),
        duration: r.duration ?? 0,
      })),
    });
  }
  const preparing = pending.length
    ? (
        await db
          .select({ key: jobs.dedupeKey })
          .from(jobs)
          .where(
            and(
              eq(jobs.kind, SHOWCASE_RENDER_JOB),
              inArray(jobs.dedupeKey, pending.map(showcaseJobKey)),
              inArray(jobs.state, ['queued', 'running']),
            ),
          )
      ).map((j) => j.key)
    : [];
  return {
    items,
    preparing: pending.filter((id) => preparing.includes(showcaseJobKey(id))) as ShowcaseSlot[],
  };
}
