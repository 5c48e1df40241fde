import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rm } from 'node:fs/promises';
import { loadCredits } from '../billing/credits.ts';
import { DEFAULT_TTS_LIMIT } from '../billing/billing-state.ts';
import { NEUTRAL_STYLE, type Engine } from '../audio/engine/types.ts';
import {
  accentInfos,
  creditLedger,
  credits,
  narrationStyles,
  recordings,
  ttsRequests,
  ttsVoices,
  voices,
  type Recording,
} from '../db/schema.ts';
import { PermanentJobError, type JobContext } from '../jobs/index.ts';
import { callerOf } from '../models/access.ts';
import { publishUserEvent } from '../notifications/scope.ts';
import type { Db } from '../platform/db.ts';
import { HttpError, tooManyRequests } from '../platform/errors.ts';
import { findFolder } from './folders.ts';
import { ttsLabel } from './names.ts';
import { DEFAULT_NARRATION_STYLE, resolveConversions, upgradeRequired } from './orders.ts';
import { toApiRecording } from './recordings.ts';
import { storeResult } from './result-files.ts';
import { touchProject, unprocessable, type Schemas } from './shared.ts';

declare module '../jobs/index.ts' {
  interface JobPayloads {
    tts: { recordingId: string };
  }
}

export const TTS_JOB = 'tts';
/** SPEC.md section 9: characters per request. */
export const TTS_TRIAL_CHARACTERS = 500;
export const TTS_PAID_CHARACTERS = 10_000;
/** The daily request limit counts requests of the last 24 hours. */
const DAY_SECONDS = 86_400;
/** SPEC.md section 8's moderation message, word for word. */
export const MODERATION_MESSAGE = 'Oops! Your content doesn’t meet our moderation guidelines.';

/**
 * The text moderation check: phrases no synthesised voice may say (threats, self-harm incitement, sexual
 * content about minors). A list, matched on words with punctuation and case ignored, behind one function
 * so a moderation service can replace it.
 */
const BLOCKED_PHRASES = [
  'i will kill you',
  'i am going to kill you',
  'kill yourself',
  'you should die',
  'bomb threat',
  'i will shoot you',
  'child porn',
  'child sexual',
];

export function moderateText(text: string): { status: 'approved' | 'rejected'; reason: string | null } {
  const words = ` ${text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
  const hit = BLOCKED_PHRASES.find((phrase) => words.includes(` ${phrase} `));
  return hit ? { status: 'rejected', reason: `blocked phrase: ${hit}` } : { status: 'approved', reason: null };
}

/** The synthesiser voice for a text: the locale's accent voice, else the language's voice of the same gender. */
async function engineVoiceFor(
  db: Db,
  language: string,
  gender: string | null,
): Promise<{ id: string | null; engineVoice: string }> {
  const tag = language.toLowerCase();
  const base = tag.split('-')[0]!;
  const candidates = await db
    .select({
      id: ttsVoices.id,
      locale: ttsVoices.locale,
      language: ttsVoices.language,
      gender: ttsVoices.gender,
      engineVoice: ttsVoices.engineVoice,
    })
    .from(ttsVoices)
    .where(sql`lower(${ttsVoices.language}) = ${base} or lower(${ttsVoices.locale}) = ${tag}`)
    .orderBy(asc(ttsVoices.id));
  const score = (c: (typeof candidates)[number]) =>
    (c.locale?.toLowerCase() === tag ? 4 : 0) +
    (gender && c.gender === gender ? 2 : 0) +
    (c.engineVoice.includes('+') ? 0 : 1);
  const best = [...candidates].sort((a, b) => score(b) - score(a))[0];
  if (best) return { id: best.id, engineVoice: best.engineVoice };
  const [accent] = await db
    .select({ engineVoice: accentInfos.engineVoice })
    .from(accentInfos)
    .where(sql`lower(${accentInfos.locale}) = ${tag}`)
    .limit(1);
  if (accent?.engineVoice) return { id: null, engineVoice: accent.engineVoice };
  throw unprocessable('body/text_language', `Text-to-speech does not speak ${language} yet`);
}

/** Requests of the last 24 hours and when the oldest of them leaves the window. */
async function dailyRequests(db: Db, userId: string) {
  const since = new Date(Date.now() - DAY_SECONDS * 1000);
  const rows = await db
    .select({ createdAt: ttsRequests.createdAt })
    .from(ttsRequests)
    .where(and(eq(ttsRequests.userId, userId), gt(ttsRequests.createdAt, since)))
    .orderBy(asc(ttsRequests.createdAt));
  const oldest = rows[0]?.createdAt;
  return {
    count: rows.length,
    retryAfter: oldest
      ? Math.max(1, Math.ceil((oldest.getTime() + DAY_SECONDS * 1000 - Date.now()) / 1000))
      : DAY_SECONDS,
  };
}

/**
 * POST /api/v2/recordings/tts: checks place, voice, plan, length, characters, the daily limit and
 * moderation; then writes the request, the charge and a queued TTS original, and queues its job — in one
 * transaction.
 */
export async function createTtsRecording(
  app: FastifyInstance,
  ownerId: string,
  body: Schemas['CreateTtsRequest'],
): Promise<Recording> {
  const { db } = app;
  const folder = await findFolder(db, ownerId, body.parent_folder_id, { live: true });
  if (folder.projectId !== body.project_id)
    throw unprocessable('body/parent_folder_id', 'The folder is not in this project');
  const caller = await callerOf(db, ownerId);
  if (!caller.access) {
    throw upgradeRequired(
      'trial_expired',
      'Your trial plan has ended. Unlock full features by upgrading your plan now.',
    );
  }
  // Pay As You Go credits buy conversion seconds, not text to speech (SPEC.md section 6).
  if (caller.perCredit) {
    throw upgradeRequired(
      'out_of_characters',
      'Text to speech is not included in Pay As You Go credits: upgrade to a plan with characters.',
    );
  }
  const text = body.text.trim();
  const privileged = caller.admin || caller.prepaid;
  const maxCharacters = privileged || caller.paid ? TTS_PAID_CHARACTERS : TTS_TRIAL_CHARACTERS;
  if (text.length > maxCharacters) {
    throw upgradeRequired(
      'out_of_characters',
      `Your plan allows ${maxCharacters} characters per text: upgrade for more.`,
    );
  }
  const [voiceChoice] = await resolveConversions(db, caller, { duration: 0 }, [
    { voice_id: body.voice_id, semitones_correction: 0 },
  ]).catch((err: unknown) => {
    if (err instanceof HttpError && err.statusCode === 422)
      throw unprocessable('body/voice_id', 'body/voice_id is not a voice you can use');
    throw err;
  });
  const [balance] = await db.select().from(credits).where(eq(credits.userId, ownerId)).limit(1);
  if (!caller.admin && (balance?.ttsChars ?? 0) < text.length) {
    throw upgradeRequired('out_of_characters', 'You are out of characters: upgrade for more.');
  }
  const limit = balance?.ttsLimit || DEFAULT_TTS_LIMIT;
  const daily = await dailyRequests(db, ownerId);
  if (!caller.admin && daily.count >= limit) {
    throw tooManyRequests(
      `You have reached your daily limit of ${limit} text-to-speech requests.`,
      daily.retryAfter,
      limit,
    );
  }
  const moderation = moderateText(text);
  if (moderation.status === 'rejected') {
    throw new HttpError(422, MODERATION_MESSAGE, { field: 'body/text' });
  }
  const english = body.text_language.toLowerCase().startsWith('en');
  const styleId = english ? voiceChoice!.style.id : DEFAULT_NARRATION_STYLE;
  const synth = await engineVoiceFor(db, body.text_language, voiceChoice!.voice.gender);
  const label = ttsLabel(text);
  const row = await db.transaction(async (tx) => {
    await tx.insert(ttsRequests).values({ userId: ownerId, characters: text.length });
    if (!caller.admin) {
      await tx
        .update(credits)
        .set({
          ttsChars: sql`${credits.ttsChars} - ${text.length}`,
          ttsCurrent: sql`${credits.ttsCurrent} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(credits.userId, ownerId));
    }
    const [inserted] = await tx
      .insert(recordings)
      .values({
        ownerId,
        projectId: folder.projectId,
        parentFolderId: folder.id,
        type: 'original',
        state: 'queued',
        tts: true,
        text,
        textLanguage: body.text_language,
        ttsVoice: synth.engineVoice,
        ttsVoiceId: synth.id,
        voiceId: voiceChoice!.voice.id,
        voiceName: voiceChoice!.voice.name,
        voiceTalent: voiceChoice!.voice.voiceTalent,
        accentId: voiceChoice!.accent.id,
        accentName: voiceChoice!.accent.name,
        narrationStyleId: styleId,
        label,
        fileName: `${label}.wav`,
        processStage: '0',
        moderationStatus: 'approved',
        moderation: { status: 'approved', reason: null },
      })
      .returning();
    if (!caller.admin) {
      await tx
        .insert(creditLedger)
        .values({ userId: ownerId, recordingId: inserted!.id, deltaChars: -text.length, reason: 'tts' });
    }
    await touchProject(tx, folder.projectId, true);
    await app.jobs.enqueue(
      TTS_JOB,
      { recordingId: inserted!.id },
      { tx, userId: ownerId, dedupeKey: `tts:${inserted!.id}` },
    );
    return inserted!;
  });
  void publishUserEvent(ownerId, {
    type: 'content_moderation.result',
    data: { recording_id: row.id, status: 'approved', message: null },
  });
  return row;
}

/**
 * The tts job: eSpeak-NG speaks the text in the language's voice, then the engine converts the speech into
 * the chosen voice; the result becomes the original's audio (WAV, MP3, peaks), committed with the job.
 */
export function registerTtsJob(app: FastifyInstance, engineOf: () => Engine) {
  const { db, storage, fileUrls } = app;

  async function run(job: JobContext<{ recordingId: string }>) {
    const [row] = await db.select().from(recordings).where(eq(recordings.id, job.payload.recordingId)).limit(1);
    if (!row || row.deletedAt || row.state === 'done' || row.state === 'cancelled' || !row.text) return;
    const [voice] = row.voiceId ? await db.select().from(voices).where(eq(voices.id, row.voiceId)).limit(1) : [];
    if (!voice) throw new PermanentJobError('The voice is no longer available');
    const [style] = await db
      .select()
      .from(narrationStyles)
      .where(eq(narrationStyles.id, row.narrationStyleId ?? DEFAULT_NARRATION_STYLE))
      .limit(1);
    // The style's rate and pitch range shape the synthesis itself (engine.textToSpeech).
    const prosody = style?.enginePreset ?? NEUTRAL_STYLE;
    await db.update(recordings).set({ state: 'processing', updatedAt: new Date() }).where(eq(recordings.id, row.id));
    const progress = (state: 'processing' | 'postprocessing', stage: string) =>
      void publishUserEvent(row.ownerId, {
        type: 'conversion.processing',
        data: {
          recording_id: row.id,
          original_id: row.id,
          project_id: row.projectId,
          folder_id: row.parentFolderId,
          state,
          process_stage: stage,
          eta_seconds: null,
        },
      });
    progress('processing', '0');
    const outDir = await app.workDir(job);
    try {
      const result = await engineOf()
        .textToSpeech(
          row.text!,
          { engineVoice: row.ttsVoice! },
          { preset: voice.enginePreset, semitones: 0, narrationStyle: prosody },
          {
            outDir,
            baseName: 'tts',
            signal: job.signal,
            onProgress: (current, total) =>
              progress(current === total ? 'postprocessing' : 'processing', `${current}/${total}`),
          },
        )
        .catch((err: unknown) => {
          if (err instanceof Error && /UnknownVoice|EmptyText/.test(err.name + err.constructor.name)) {
            throw new PermanentJobError(err.message);
          }
          throw err;
        });
      job.signal.throwIfAborted();
      const projectUrl = await projectUrlFor(db, row);
      const files = await storeResult(storage, row.id, result);
      try {
        await job.finish(async (tx) => {
          const updated = await files.record(tx, row.ownerId);
          if (updated) {
            await publishUserEvent(row.ownerId, {
              type: 'conversion.finished',
              data: { recording: toApiRecording(updated, fileUrls), project_url: projectUrl },
            });
          }
        });
      } finally {
        await files.discard();
      }
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }

  app.jobs.register<'tts'>(TTS_JOB, run, {
    concurrency: 1,
    onFailed: async (failed) => {
      const [row] = await db
        .update(recordings)
        .set({ state: 'error', error: failed.error, processStage: null, updatedAt: new Date() })
        .where(eq(recordings.id, failed.payload.recordingId))
        .returning();
      if (!row) return;
      // The characters charged go back (once); the request still counts against the daily limit.
      await db.transaction(async (tx) => {
        const [charged] = await tx
          .select({ chars: sql<number>`coalesce(-sum(${creditLedger.deltaChars}), 0)::int` })
          .from(creditLedger)
          .where(and(eq(creditLedger.recordingId, row.id), inArray(creditLedger.reason, ['tts', 'refund:tts'])));
        const back = Number(charged?.chars ?? 0);
        if (back <= 0) return;
        await tx
          .update(credits)
          .set({ ttsChars: sql`${credits.ttsChars} + ${back}`, updatedAt: new Date() })
          .where(eq(credits.userId, row.ownerId));
        await tx
          .insert(creditLedger)
          .values({ userId: row.ownerId, recordingId: row.id, deltaChars: back, reason: 'refund:tts' });
      });
      const projectUrl = await projectUrlFor(db, row);
      void publishUserEvent(row.ownerId, {
        type: 'conversion.finished',
        data: { recording: toApiRecording(row, fileUrls), project_url: projectUrl },
      });
      void publishUserEvent(row.ownerId, {
        type: 'credits.updated2',
        data: { credits: await loadCredits(db, row.ownerId) },
      });
    },
  });
}

async function projectUrlFor(db: Db, row: Recording): Promise<string> {
  const result = await db.execute(sql`
    select '/' || u.username || '/' || p.slug as url from projects p join users u on u.id = p.owner_id where p.id = ${row.projectId}`);
  return (result as unknown as { rows: { url: string }[] }).rows[0]?.url ?? '/projects';
}
