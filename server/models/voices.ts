import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { components, operations } from '../../openapi/generated/models.js';
import {
  narrationStyles,
  narrationStyleTagLinks,
  voiceAccentFavorites,
  voiceAccents,
  voiceFavorites,
  voiceNarrationStyles,
  voices,
  voiceSettings,
} from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { notFound } from '../platform/errors.ts';
import type { FileUrls } from '../storage/index.ts';
import { visibleTo, voiceAvailable, type Caller } from './access.ts';
import { DEFAULT_NARRATION_STYLE } from './catalogue.ts';

type Schemas = components['schemas'];
export type ApiVoice = Schemas['Voice'];
export type ApiVoiceSettings = Schemas['VoiceSettings'];
export type VoiceQuery = NonNullable<operations['listVoices']['parameters']['query']>;

export const VOICES_PAGE_SIZE = 20;
export const VOICES_SEARCH_SIZE = 10;

/** A stored key becomes a link: our own paths and absolute URLs as they are, storage keys signed. */
export function linkOf(urls: FileUrls, key: string | null): string | null {
  if (!key) return null;
  if (key.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(key)) return key;
  return urls.url(key);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The voice columns an answer needs, with the caller's favourite mark and settings. */
const voiceColumns = {
  id: voices.id,
  ownerId: voices.ownerId,
  name: voices.name,
  visibility: voices.visibility,
  species: voices.species,
  gender: voices.gender,
  pitch: voices.pitch,
  enginePreset: voices.enginePreset,
  ageGroup: voices.ageGroup,
  pitchGroup: voices.pitchGroup,
  active: voices.active,
  createdAt: voices.createdAt,
  imageKey: voices.imageKey,
  thumbnailKey: voices.thumbnailKey,
  bgImageKey: voices.bgImageKey,
  tiers: voices.tiers,
  nationality: voices.nationality,
  voiceTalent: voices.voiceTalent,
  costMultiplier: voices.costMultiplier,
  infoUrl: voices.infoUrl,
  contactUrl: voices.contactUrl,
  category: voices.category,
  description: voices.description,
  favorite: sql<boolean>`(${voiceFavorites.voiceId} is not null)`,
  settingsVoiceId: voiceSettings.voiceId,
  semitones: voiceSettings.semitonesCorrection,
  settingsAccentId: voiceSettings.accentId,
  settingsStyleId: voiceSettings.narrationStyleId,
};

type VoiceRow = Awaited<ReturnType<typeof selectVoices>>[number];

/** voices with the caller's favourite and settings joined, for further where/order/limit. */
function selectVoices(db: Db, caller: Caller) {
  return db
    .select(voiceColumns)
    .from(voices)
    .leftJoin(voiceFavorites, and(eq(voiceFavorites.voiceId, voices.id), eq(voiceFavorites.userId, caller.userId)))
    .leftJoin(voiceSettings, and(eq(voiceSettings.voiceId, voices.id), eq(voiceSettings.userId, caller.userId)));
}

/**
 * The conditions of GET /api/v2/voices. Filters combine with AND, the values of one filter with OR.
 * Subqueries name "voices" in full: a bare id inside them would mean their own table's.
 */
function filtersOf(caller: Caller, q: VoiceQuery): SQL[] {
  const where: SQL[] = [eq(voices.active, true), visibleTo(caller)];
  const list = <T>(values: T[] | undefined) => (values && values.length > 0 ? values : null);
  const locales = list(q.locales);
  if (locales) {
    where.push(
      sql`exists (select 1 from ${voiceAccents} va where va.voice_id = "voices"."id" and va.locale in ${locales})`,
    );
  }
  const visibility = list(q.visibility);
  if (visibility) where.push(inArray(voices.visibility, visibility));
  const species = list(q.species);
  if (species) where.push(inArray(voices.species, species));
  const gender = list(q.gender);
  if (gender) where.push(inArray(voices.gender, gender));
  const ageGroup = list(q.age_group);
  if (ageGroup) where.push(inArray(voices.ageGroup, ageGroup));
  const pitchGroup = list(q.pitch_group);
  if (pitchGroup) where.push(inArray(voices.pitchGroup, pitchGroup));
  const nationality = list(q.nationality);
  if (nationality) where.push(inArray(voices.nationality, nationality));
  const tagGroups = list(q.narration_style_tag_groups);
  if (tagGroups) {
    where.push(sql`exists (select 1 from voice_narration_styles vns
      join narration_style_tag_links l on l.narration_style_id = vns.narration_style_id
      join narration_style_tags t on t.id = l.tag_id
      where vns.voice_id = "voices"."id" and t.group_id in ${tagGroups})`);
  }
  const tags = list(q.narration_style_tags);
  if (tags) {
    where.push(sql`exists (select 1 from voice_narration_styles vns
      join narration_style_tag_links l on l.narration_style_id = vns.narration_style_id
      where vns.voice_id = "voices"."id" and l.tag_id in ${tags})`);
  }
  if (q.voice_talent !== undefined) where.push(eq(voices.voiceTalent, q.voice_talent));
  if (q.favorite === true) where.push(sql`${voiceFavorites.voiceId} is not null`);
  if (q.favorite === false) where.push(sql`${voiceFavorites.voiceId} is null`);
  if (q.search) where.push(sql`${voices.name} ilike ${`%${escapeLike(q.search)}%`}`);
  return where;
}

/**
 * default: the caller's favourites first, then the curated order (direction does not turn it: the
 * curated order has one way); created_at: newest first unless asc; pitch: highest first unless asc,
 * voices without a measured pitch last. Ties break on the curated order, then the id, so pages never
 * overlap.
 */
function orderOf(sort: VoiceQuery['sort'], direction: 'asc' | 'desc'): SQL[] {
  const dir = direction === 'asc' ? asc : desc;
  switch (sort) {
    case 'created_at':
      return [dir(voices.createdAt), asc(voices.sortOrder), asc(voices.id)];
    case 'pitch':
      return [sql`${voices.pitch} ${sql.raw(direction)} nulls last`, asc(voices.sortOrder), asc(voices.id)];
    default:
      return [
        sql`(${voiceFavorites.voiceId} is not null) desc`,
        asc(voices.sortOrder),
        asc(voices.createdAt),
        asc(voices.id),
      ];
  }
}

/** Accents and narration styles of the given voices, and the caller's accent favourites. */
async function relationsOf(db: Db, callerId: string, ids: string[]) {
  if (ids.length === 0) return { accents: new Map(), styles: new Map() } as const;
  const accentRows = await db
    .select({
      voiceId: voiceAccents.voiceId,
      id: voiceAccents.id,
      locale: voiceAccents.locale,
      name: voiceAccents.name,
      shortName: voiceAccents.shortName,
      isDefault: voiceAccents.isDefault,
      favorite: sql<boolean>`(${voiceAccentFavorites.accentId} is not null)`,
    })
    .from(voiceAccents)
    .leftJoin(
      voiceAccentFavorites,
      and(
        eq(voiceAccentFavorites.voiceId, voiceAccents.voiceId),
        eq(voiceAccentFavorites.accentId, voiceAccents.id),
        eq(voiceAccentFavorites.userId, callerId),
      ),
    )
    .where(inArray(voiceAccents.voiceId, ids))
    .orderBy(desc(voiceAccents.isDefault), asc(voiceAccents.name), asc(voiceAccents.id));
  const styleRows = await db
    .select({
      voiceId: voiceNarrationStyles.voiceId,
      id: voiceNarrationStyles.narrationStyleId,
      name: narrationStyles.name,
      isDefault: voiceNarrationStyles.isDefault,
      tags: sql<string[]>`coalesce((select array_agg(l.tag_id order by l.tag_id) from ${narrationStyleTagLinks} l
        where l.narration_style_id = ${voiceNarrationStyles.narrationStyleId}), '{}')`,
    })
    .from(voiceNarrationStyles)
    .innerJoin(narrationStyles, eq(narrationStyles.id, voiceNarrationStyles.narrationStyleId))
    .where(inArray(voiceNarrationStyles.voiceId, ids))
    .orderBy(desc(voiceNarrationStyles.isDefault), asc(narrationStyles.name));
  const accents = new Map<string, ApiVoice['accents']>();
  for (const a of accentRows) {
    const entry: ApiVoice['accents'][number] = {
      id: a.id,
      info: { name: a.name, short_name: a.shortName },
      is_default: a.isDefault,
      settings: { favorite: a.favorite },
      locale: a.locale,
    };
    accents.set(a.voiceId, [...(accents.get(a.voiceId) ?? []), entry]);
  }
  const styles = new Map<string, ApiVoice['narration_styles']>();
  for (const s of styleRows) {
    const entry: ApiVoice['narration_styles'][number] = {
      id: s.id,
      info: { name: s.name },
      is_default: s.isDefault,
      tags: s.tags ?? [],
    };
    styles.set(s.voiceId, [...(styles.get(s.voiceId) ?? []), entry]);
  }
  return { accents, styles };
}

/**
 * The voice's own pitch shift from its engine preset (what a conversion without a calibration applies); 0 for a
 * voice whose preset does not say, as the engine's neutral voice.
 */
function presetOffsetOf(preset: { pitch_offset_semitones?: unknown }): number {
  const offset = preset.pitch_offset_semitones;
  return typeof offset === 'number' && Number.isFinite(offset) ? Math.min(24, Math.max(-24, offset)) : 0;
}

/** Rows → the API's Voice, with accents, narration styles and availability for the caller. */
async function toApiVoices(db: Db, urls: FileUrls, caller: Caller, rows: VoiceRow[]): Promise<ApiVoice[]> {
  const { accents, styles } = await relationsOf(
    db,
    caller.userId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    owner_id: r.ownerId,
    name: r.name,
    visibility: r.visibility,
    species: r.species,
    gender: r.gender ?? 'neutral',
    pitch: r.pitch ?? 0,
    pitch_offset_semitones: presetOffsetOf(r.enginePreset),
    age_group: r.ageGroup ?? 'adult',
    pitch_group: r.pitchGroup ?? 'medium',
    active: r.active,
    created_at: r.createdAt.toISOString(),
    favorite: r.favorite,
    available: voiceAvailable(caller, r),
    accents: accents.get(r.id) ?? [],
    narration_styles: styles.get(r.id) ?? [],
    image_url: linkOf(urls, r.imageKey),
    thumbnail_url: linkOf(urls, r.thumbnailKey),
    bg_image_url: linkOf(urls, r.bgImageKey),
    tiers: [...new Set(r.tiers)] as ApiVoice['tiers'],
    nationality: r.nationality,
    voice_talent: r.voiceTalent,
    cost_multiplier: r.costMultiplier,
    info_url: r.infoUrl,
    contact_url: r.contactUrl,
    category: r.category ?? '',
    description: r.description,
    settings:
      r.settingsVoiceId === null
        ? null
        : {
            voice_id: r.id,
            favorite: r.favorite,
            semitones_correction: r.semitones ?? 0,
            accent_id: r.settingsAccentId,
            narration_style_id: r.settingsStyleId ?? DEFAULT_NARRATION_STYLE,
          },
  }));
}

/** GET /api/v2/voices: one page of the voices the caller may see. */
export async function listVoices(db: Db, urls: FileUrls, caller: Caller, q: VoiceQuery) {
  const offset = q.offset ?? 0;
  const limit = q.limit ?? VOICES_PAGE_SIZE;
  const where = and(...filtersOf(caller, q));
  const [rows, [total]] = await Promise.all([
    selectVoices(db, caller)
      .where(where)
      .orderBy(...orderOf(q.sort ?? 'default', q.direction ?? 'desc'))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(voices)
      .leftJoin(voiceFavorites, and(eq(voiceFavorites.voiceId, voices.id), eq(voiceFavorites.userId, caller.userId)))
      .where(where),
  ]);
  return { total: Number(total?.n ?? 0), offset, limit, items: await toApiVoices(db, urls, caller, rows) };
}

/** GET /api/v2/voices/search: names containing the text, those starting with it first. */
export async function searchVoices(db: Db, urls: FileUrls, caller: Caller, name: string, limit = VOICES_SEARCH_SIZE) {
  const pattern = escapeLike(name);
  const rows = await selectVoices(db, caller)
    .where(and(eq(voices.active, true), visibleTo(caller), sql`${voices.name} ilike ${`%${pattern}%`}`))
    .orderBy(sql`(${voices.name} ilike ${`${pattern}%`}) desc`, asc(voices.sortOrder), asc(voices.name), asc(voices.id))
    .limit(limit);
  return { items: await toApiVoices(db, urls, caller, rows) };
}

/** POST /api/v2/voices/by-ids: the voices found and visible, in the order asked; retired ones included. */
export async function voicesByIds(db: Db, urls: FileUrls, caller: Caller, ids: string[]) {
  const rows = await selectVoices(db, caller).where(and(inArray(voices.id, ids), visibleTo(caller)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.map((id) => byId.get(id)).filter((r): r is VoiceRow => r !== undefined);
  return { items: await toApiVoices(db, urls, caller, ordered) };
}

/** One voice the caller may see (retired ones too), or 404 exactly as for an id that does not exist. */
export async function findVisibleVoice(db: Db, caller: Caller, id: string) {
  const [row] = await db
    .select({ id: voices.id, visibility: voices.visibility, ownerId: voices.ownerId })
    .from(voices)
    .where(and(eq(voices.id, id), visibleTo(caller)))
    .limit(1);
  if (!row) throw notFound('Voice not found');
  return row;
}

async function oneVoice(db: Db, urls: FileUrls, caller: Caller, id: string): Promise<ApiVoice> {
  const { items } = await voicesByIds(db, urls, caller, [id]);
  if (!items[0]) throw notFound('Voice not found');
  return items[0];
}

/** POST /api/v2/voices/favorite/{id}: marks or unmarks; answers the voice as the caller now sees it. */
export async function setVoiceFavorite(db: Db, urls: FileUrls, caller: Caller, id: string, favorite: boolean) {
  const voice = await findVisibleVoice(db, caller, id);
  if (favorite) {
    await db.insert(voiceFavorites).values({ userId: caller.userId, voiceId: voice.id }).onConflictDoNothing();
  } else {
    await db
      .delete(voiceFavorites)
      .where(and(eq(voiceFavorites.userId, caller.userId), eq(voiceFavorites.voiceId, voice.id)));
  }
  return oneVoice(db, urls, caller, voice.id);
}

export interface SettingsInput {
  voice_id: string;
  accent_id: string | null;
  semitones_correction: number;
  narration_style_id?: string | undefined;
}

/**
 * POST /api/v2/voices/settings: replaces the caller's accent, pitch shift and narration style for a
 * voice (the favourite mark is kept). The accent and the style must be the voice's own (404 otherwise,
 * as the contract says); the saved accent is also the caller's accent favourite of the voice.
 */
export async function saveVoiceSettings(db: Db, caller: Caller, input: SettingsInput): Promise<ApiVoiceSettings> {
  const voice = await findVisibleVoice(db, caller, input.voice_id);
  const styleId = input.narration_style_id ?? DEFAULT_NARRATION_STYLE;
  if (input.accent_id !== null) {
    const [accent] = await db
      .select({ id: voiceAccents.id })
      .from(voiceAccents)
      .where(and(eq(voiceAccents.voiceId, voice.id), eq(voiceAccents.id, input.accent_id)))
      .limit(1);
    if (!accent) throw notFound(`Accent ${input.accent_id} is not one of this voice’s accents`);
  }
  const [style] = await db
    .select({ id: voiceNarrationStyles.narrationStyleId })
    .from(voiceNarrationStyles)
    .where(and(eq(voiceNarrationStyles.voiceId, voice.id), eq(voiceNarrationStyles.narrationStyleId, styleId)))
    .limit(1);
  if (!style) throw notFound(`Narration style ${styleId} is not one of this voice’s narration styles`);
  // −0 would be stored and shown as a shift; there is no negative zero on a slider.
  const semitones = input.semitones_correction === 0 ? 0 : input.semitones_correction;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx
      .insert(voiceSettings)
      .values({
        userId: caller.userId,
        voiceId: voice.id,
        semitonesCorrection: semitones,
        accentId: input.accent_id,
        narrationStyleId: styleId,
      })
      .onConflictDoUpdate({
        target: [voiceSettings.userId, voiceSettings.voiceId],
        set: {
          semitonesCorrection: semitones,
          accentId: input.accent_id,
          narrationStyleId: styleId,
          updatedAt: new Date(),
        },
      });
    await tx
      .delete(voiceAccentFavorites)
      .where(and(eq(voiceAccentFavorites.userId, caller.userId), eq(voiceAccentFavorites.voiceId, voice.id)));
    if (input.accent_id !== null) {
      await tx
        .insert(voiceAccentFavorites)
        .values({ userId: caller.userId, voiceId: voice.id, accentId: input.accent_id });
    }
  });
  const [fav] = await db
    .select({ voiceId: voiceFavorites.voiceId })
    .from(voiceFavorites)
    .where(and(eq(voiceFavorites.userId, caller.userId), eq(voiceFavorites.voiceId, voice.id)))
    .limit(1);
  return {
    voice_id: voice.id,
    favorite: fav !== undefined,
    semitones_correction: semitones,
    accent_id: input.accent_id,
    narration_style_id: styleId,
  };
}

/**
 * GET /api/v2/voices/{id}/private-check: whether the voice is private and the caller's. Another user's
 * private voice answers private true, owned false and nothing more; a voice the caller may not see for
 * any other reason (an enterprise voice) and an unknown id answer 404.
 */
export async function checkPrivateVoice(db: Db, caller: Caller, id: string) {
  const [row] = await db
    .select({ id: voices.id, visibility: voices.visibility, ownerId: voices.ownerId })
    .from(voices)
    .where(eq(voices.id, id))
    .limit(1);
  if (!row) throw notFound('Voice not found');
  if (row.visibility === 'private') return { voice_id: row.id, private: true, owned: row.ownerId === caller.userId };
  const visible = await findVisibleVoice(db, caller, id);
  return { voice_id: visible.id, private: false, owned: visible.ownerId === caller.userId };
}
