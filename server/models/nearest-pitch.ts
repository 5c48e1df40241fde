import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { components } from '../../openapi/generated/models.js';
import { demoSets, voices } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import type { FileUrls } from '../storage/index.ts';
import { linkOf } from './voices.ts';

type NearestVoice = components['schemas']['NearestVoice'];

export const NEAREST_VOICES_DEFAULT = 5;
/** The language whose demo a voice plays first on the pitch tool (the marketing site's language). */
const DEMO_LANGUAGE = 'en';

/** 12·log2(voice / asked), to a tenth of a semitone. */
export const semitonesBetween = (askedHz: number, voiceHz: number) =>
  Math.round(120 * Math.log2(voiceHz / askedHz)) / 10;

/**
 * GET /api/v2/voices/nearest-pitch (public): the public, active catalogue voices whose median pitch is
 * nearest `pitchHz` on the musical scale (|ln(voice / asked)|, so 100 Hz is as far from 200 Hz as 400 Hz
 * is), nearest first, with an English demo when one is rendered (another language's otherwise).
 */
export async function voicesNearPitch(
  db: Db,
  urls: FileUrls,
  pitchHz: number,
  limit = NEAREST_VOICES_DEFAULT,
): Promise<{ items: NearestVoice[] }> {
  const rows = await db
    .select({
      id: voices.id,
      name: voices.name,
      gender: voices.gender,
      ageGroup: voices.ageGroup,
      pitch: voices.pitch,
      thumbnailKey: voices.thumbnailKey,
    })
    .from(voices)
    .where(
      and(
        eq(voices.visibility, 'public'),
        isNull(voices.ownerId),
        eq(voices.active, true),
        isNotNull(voices.pitch),
        gt(voices.pitch, 0),
      ),
    )
    .orderBy(sql`abs(ln(${voices.pitch} / ${pitchHz}::float8))`, asc(voices.sortOrder), asc(voices.id))
    .limit(limit);
  const demos =
    rows.length === 0
      ? []
      : await db
          .select({
            voiceId: demoSets.voiceId,
            language: demoSets.language,
            title: demoSets.title,
            convertedKey: demoSets.convertedKey,
            duration: demoSets.duration,
          })
          .from(demoSets)
          .where(
            and(
              inArray(
                demoSets.voiceId,
                rows.map((r) => r.id),
              ),
              isNotNull(demoSets.originalKey),
              isNotNull(demoSets.convertedKey),
            ),
          )
          .orderBy(sql`(${demoSets.language} = ${DEMO_LANGUAGE}) desc`, asc(demoSets.language), asc(demoSets.title));
  const demoOf = new Map<string, (typeof demos)[number]>();
  for (const demo of demos) if (!demoOf.has(demo.voiceId)) demoOf.set(demo.voiceId, demo);
  return {
    items: rows.map((r) => {
      const demo = demoOf.get(r.id);
      return {
        id: r.id,
        name: r.name,
        gender: r.gender ?? 'neutral',
        age_group: r.ageGroup ?? 'adult',
        pitch: r.pitch!,
        semitones: semitonesBetween(pitchHz, r.pitch!),
        thumbnail_url: linkOf(urls, r.thumbnailKey),
        demo: demo
          ? {
              url: urls.url(demo.convertedKey!),
              duration: demo.duration ?? 0,
              language: demo.language,
              title: demo.title,
            }
          : null,
      };
    }),
  };
}
