import { and, eq, inArray, isNull, sql, type AnyColumn } from 'drizzle-orm';
import {
  accentInfos,
  demoSets,
  models,
  narrationStyles,
  narrationStyleTagGroups,
  narrationStyleTagLinks,
  narrationStyleTags,
  ttsVoices,
  users,
  voiceAccents,
  voiceNarrationStyles,
  voices,
} from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { parseStylePreset, parseVoicePreset } from '../audio/engine/presets.ts';
import {
  artPath,
  defaultCost,
  defaultTiers,
  DEFAULT_NARRATION_STYLE,
  demoIdOf,
  modelIdOf,
  pitchGroupOf,
  pitchOf,
  stableId,
  voiceIdOf,
  type VoiceDef,
} from './catalogue.ts';
import {
  DEMO_SETS,
  MODELS,
  NARRATION_STYLE_TAG_GROUPS,
  NARRATION_STYLES,
  PRIVATE_VOICES,
  TTS_VOICES,
  VOICES,
} from './catalogue-data.ts';
import { ACCENT_INFOS } from './reference-data.ts';

/**
 * Writes the catalogue of catalogue.ts at every start, in one transaction: what the code defines is
 * inserted or brought up to date (so a changed preset reaches every machine on its next start), and
 * relations the code no longer defines (an accent taken off a voice) are removed. What users own —
 * favourites, settings, their own voices — is never touched, and demo audio already rendered is kept.
 */

const excluded = (column: string) => sql.raw(`excluded.${column}`);
const updateAll = (...columns: string[]) => Object.fromEntries(columns.map((c) => [camel(c), excluded(c)]));
const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export async function seedAccentInfos(db: Db) {
  await db
    .insert(accentInfos)
    .values(
      ACCENT_INFOS.map((a) => ({
        locale: a.locale,
        name: a.name,
        shortName: a.short_name,
        country: a.country,
        language: a.language,
        flag: a.flag,
        region: a.region,
        engineVoice: a.engine_voice,
      })),
    )
    // Existing rows are left as they are, except that a missing synthesiser voice is filled in and the
    // region follows the code (the migration that added it could only guess it from the locale).
    .onConflictDoUpdate({
      target: accentInfos.locale,
      set: {
        engineVoice: sql`coalesce(${accentInfos.engineVoice}, excluded.engine_voice)`,
        region: excluded('region'),
      },
    });
}

/** A voice of the catalogue as the rows that hold it. */
interface VoiceRows {
  def: VoiceDef;
  id: string;
  slug: string;
  ownerId: string | null;
  sortOrder: number;
}

const talentInfoUrl = (slug: string) => `/voice-talents?voice=${encodeURIComponent(slug)}`;
const mailto = (address: string, subject: string) => `mailto:${address}?subject=${encodeURIComponent(subject)}`;

function contactOf(def: VoiceDef): string | null {
  if (def.talent && def.visibility !== 'private') return mailto('talents@timbre.local', `Booking ${def.name}`);
  if (def.visibility === 'enterprise') return mailto('sales@timbre.local', `Enterprise voice ${def.name}`);
  if (def.visibility === 'kids') return mailto('support@timbre.local', 'Access to kids voices');
  return null;
}

function voiceRow({ def, id, slug, ownerId, sortOrder }: VoiceRows) {
  const pitch = pitchOf(def.preset.pitch_offset_semitones);
  return {
    id,
    ownerId,
    name: def.name,
    slug,
    visibility: def.visibility,
    species: def.species,
    gender: def.gender,
    pitch,
    ageGroup: def.age,
    pitchGroup: pitchGroupOf(pitch),
    active: def.active ?? true,
    imageKey: artPath(slug, 'image'),
    thumbnailKey: artPath(slug, 'thumbnail'),
    bgImageKey: artPath(slug, 'background'),
    tiers: def.tiers ?? defaultTiers(def.visibility),
    nationality: def.nationality,
    voiceTalent: def.talent ?? false,
    costMultiplier: def.cost ?? defaultCost(def),
    infoUrl: def.talent && def.visibility !== 'private' ? talentInfoUrl(slug) : null,
    contactUrl: contactOf(def),
    category: def.category,
    description: def.description,
    sortOrder,
    enginePreset: def.preset,
    createdAt: new Date(`${def.added}T09:00:00Z`),
  };
}

const pairIn = (voiceColumn: AnyColumn, idColumn: AnyColumn, pairs: [string, string][]) =>
  sql`(${voiceColumn}, ${idColumn}) in (${sql.join(
    pairs.map(([v, i]) => sql`(${v}::uuid, ${i})`),
    sql`, `,
  )})`;

/** Inserts or updates voices with their accents and narration styles; answers slug → id. */
async function upsertVoices(db: Db, list: VoiceRows[]): Promise<Map<string, string>> {
  if (list.length === 0) return new Map();
  const written = await db
    .insert(voices)
    .values(list.map(voiceRow))
    .onConflictDoUpdate({
      target: voices.slug,
      set: {
        ...updateAll(
          'owner_id',
          'name',
          'visibility',
          'species',
          'gender',
          'pitch',
          'age_group',
          'pitch_group',
          'active',
          'image_key',
          'thumbnail_key',
          'bg_image_key',
          'tiers',
          'nationality',
          'voice_talent',
          'cost_multiplier',
          'info_url',
          'contact_url',
          'category',
          'description',
          'sort_order',
          'engine_preset',
          'created_at',
        ),
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: voices.id, slug: voices.slug });
  const ids = new Map(written.map((r) => [r.slug, r.id]));
  const voiceIds = written.map((r) => r.id);
  const infoOf = new Map<string, (typeof ACCENT_INFOS)[number]>(ACCENT_INFOS.map((a) => [a.locale, a]));

  const accents = list.flatMap((v) =>
    v.def.accents.map((locale, i) => {
      const info = infoOf.get(locale)!;
      return {
        id: locale,
        voiceId: ids.get(v.slug)!,
        locale,
        name: info.name,
        shortName: info.short_name,
        isDefault: i === 0,
      };
    }),
  );
  const accentPairs = accents.map((a): [string, string] => [a.voiceId, a.id]);
  const defaultAccents = accents.filter((a) => a.isDefault).map((a): [string, string] => [a.voiceId, a.id]);
  await db
    .delete(voiceAccents)
    .where(
      and(
        inArray(voiceAccents.voiceId, voiceIds),
        sql`not ${pairIn(voiceAccents.voiceId, voiceAccents.id, accentPairs)}`,
      ),
    );
  // One default per voice is enforced by a unique index: drop a default that moved before setting the new one.
  await db
    .update(voiceAccents)
    .set({ isDefault: false })
    .where(
      and(
        inArray(voiceAccents.voiceId, voiceIds),
        eq(voiceAccents.isDefault, true),
        sql`not ${pairIn(voiceAccents.voiceId, voiceAccents.id, defaultAccents)}`,
      ),
    );
  await db
    .insert(voiceAccents)
    .values(accents)
    .onConflictDoUpdate({
      target: [voiceAccents.voiceId, voiceAccents.id],
      set: updateAll('locale', 'name', 'short_name', 'is_default'),
    });

  const styles = list.flatMap((v) =>
    [DEFAULT_NARRATION_STYLE, ...v.def.styles].map((styleId, i) => ({
      voiceId: ids.get(v.slug)!,
      narrationStyleId: styleId,
      isDefault: i === 0,
    })),
  );
  const stylePairs = styles.map((s): [string, string] => [s.voiceId, s.narrationStyleId]);
  const defaultStyles = styles.filter((s) => s.isDefault).map((s): [string, string] => [s.voiceId, s.narrationStyleId]);
  await db
    .delete(voiceNarrationStyles)
    .where(
      and(
        inArray(voiceNarrationStyles.voiceId, voiceIds),
        sql`not ${pairIn(voiceNarrationStyles.voiceId, voiceNarrationStyles.narrationStyleId, stylePairs)}`,
      ),
    );
  await db
    .update(voiceNarrationStyles)
    .set({ isDefault: false })
    .where(
      and(
        inArray(voiceNarrationStyles.voiceId, voiceIds),
        eq(voiceNarrationStyles.isDefault, true),
        sql`not ${pairIn(voiceNarrationStyles.voiceId, voiceNarrationStyles.narrationStyleId, defaultStyles)}`,
      ),
    );
  await db
    .insert(voiceNarrationStyles)
    .values(styles)
    .onConflictDoUpdate({
      target: [voiceNarrationStyles.voiceId, voiceNarrationStyles.narrationStyleId],
      set: updateAll('is_default'),
    });
  return ids;
}

async function seedNarrationStyles(db: Db) {
  await db
    .insert(narrationStyleTagGroups)
    .values(NARRATION_STYLE_TAG_GROUPS.map((g) => ({ id: g.id, name: g.name })))
    .onConflictDoUpdate({ target: narrationStyleTagGroups.id, set: updateAll('name') });
  await db
    .insert(narrationStyleTags)
    .values(NARRATION_STYLE_TAG_GROUPS.flatMap((g) => g.tags.map((t) => ({ id: t.id, name: t.name, groupId: g.id }))))
    .onConflictDoUpdate({ target: narrationStyleTags.id, set: updateAll('name', 'group_id') });
  await db
    .insert(narrationStyles)
    .values(
      NARRATION_STYLES.map((s) => ({ id: s.id, name: s.name, description: s.description, enginePreset: s.preset })),
    )
    .onConflictDoUpdate({ target: narrationStyles.id, set: updateAll('name', 'description', 'engine_preset') });
  const links = NARRATION_STYLES.flatMap((s) => s.tags.map((tagId) => ({ narrationStyleId: s.id, tagId })));
  await db.delete(narrationStyleTagLinks).where(
    and(
      inArray(
        narrationStyleTagLinks.narrationStyleId,
        NARRATION_STYLES.map((s) => s.id),
      ),
      sql`(${narrationStyleTagLinks.narrationStyleId}, ${narrationStyleTagLinks.tagId}) not in (${sql.join(
        links.map((l) => sql`(${l.narrationStyleId}, ${l.tagId})`),
        sql`, `,
      )})`,
    ),
  );
  await db.insert(narrationStyleTagLinks).values(links).onConflictDoNothing();
}

/**
 * Every catalogue preset read as the engine reads it: a voice or style the engine could not apply stops the
 * start with a PresetError naming it and the field, before anything is written.
 */
export function checkCataloguePresets(): void {
  for (const def of [...VOICES, ...PRIVATE_VOICES]) parseVoicePreset(def.preset, `voice ${def.name} (${def.slug})`);
  for (const s of NARRATION_STYLES) parseStylePreset(s.preset, `narration style ${s.id}`);
}

/** The catalogue's voices, narration styles, models, TTS voices and demo sets (see the top of this file). */
export async function seedCatalogue(db: Db) {
  checkCataloguePresets();
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await seedNarrationStyles(tx);
    const ids = await upsertVoices(
      tx,
      VOICES.map((def, i) => ({
        def,
        id: voiceIdOf(def.slug),
        slug: def.slug,
        ownerId: null,
        sortOrder: (i + 1) * 10,
      })),
    );

    await tx
      .insert(models)
      .values(
        MODELS.map((m) => ({
          id: modelIdOf(m.key),
          name: m.name,
          ownerId: null,
          params: m.params,
          m2o: m.m2o,
          visibility: 'public' as const,
        })),
      )
      .onConflictDoUpdate({ target: models.id, set: updateAll('name', 'params', 'm2o', 'visibility') });

    await tx
      .insert(ttsVoices)
      .values(
        TTS_VOICES.map((t) => ({
          id: t.id,
          name: t.name,
          language: t.language,
          locale: t.locale,
          gender: t.gender,
          engineVoice: t.engineVoice,
          voiceId: t.voice ? (ids.get(t.voice) ?? null) : null,
        })),
      )
      .onConflictDoUpdate({
        target: ttsVoices.id,
        set: updateAll('name', 'language', 'locale', 'gender', 'engine_voice', 'voice_id'),
      });

    // Rendered audio (original_key, converted_key, duration) belongs to the engine and is kept.
    await tx
      .insert(demoSets)
      .values(
        DEMO_SETS.map((d) => ({
          id: demoIdOf(d),
          language: d.language,
          voiceId: ids.get(d.voice)!,
          title: d.title,
          text: d.text,
        })),
      )
      .onConflictDoUpdate({ target: demoSets.id, set: updateAll('language', 'voice_id', 'title', 'text') });
  });
}

/** The private voices of catalogue.ts for one owner (a fresh machine's admin), idempotently. */
export async function seedPrivateVoices(db: Db, ownerId: string): Promise<Map<string, string>> {
  return db.transaction(async (txn) =>
    upsertVoices(
      txn as unknown as Db,
      PRIVATE_VOICES.map((def, i) => {
        const slug = `${def.slug}-${ownerId.slice(0, 8)}`;
        return { def, id: stableId(`voice:${slug}:${ownerId}`), slug, ownerId, sortOrder: 1000 + i * 10 };
      }),
    ),
  );
}

/** The live account with this e-mail, if any (the seeded admin). */
export async function liveUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.emailNormalized, email.trim().toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
  return row?.id ?? null;
}
