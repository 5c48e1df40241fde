import { and, asc, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { components as MarketplaceComponents } from '../../openapi/generated/marketplace.js';
import type { components } from '../../openapi/generated/models.js';
import {
  accentInfos,
  demoSets,
  models,
  narrationStyleTagGroups,
  narrationStyleTags,
  ttsVoices,
  voices,
} from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import type { FileUrls } from '../storage/index.ts';
import { modelUsable, visibleTo, type Caller } from './access.ts';
import { modelIdOf } from './catalogue.ts';
import { MODELS, TTS_LANGUAGES } from './catalogue-data.ts';

type Schemas = components['schemas'];
export type ApiModel = Schemas['Model'];
export type ApiTtsVoice = MarketplaceComponents['schemas']['TtsVoice'];

/** GET /api/v2/accent-infos: accent infos keyed by locale. */
export async function accentInfoMap(db: Db): Promise<Schemas['AccentInfoMap']> {
  const rows = await db.select().from(accentInfos).orderBy(asc(accentInfos.locale));
  return Object.fromEntries(
    rows.map((r) => [
      r.locale,
      {
        locale: r.locale,
        name: r.name,
        short_name: r.shortName,
        country: r.country ?? '',
        language: r.language,
        flag: r.flag ?? '',
        region: r.region,
      },
    ]),
  );
}

/**
 * GET /api/models: the catalogue's models and the caller's own private ones, each with its parameters
 * and whether the caller's plan allows ordering with it. A model's plan rule comes from catalogue.ts;
 * a model the code does not define (a user's own) is a speech-to-speech model anyone with access may use.
 */
export async function listModels(db: Db, caller: Caller): Promise<{ items: ApiModel[] }> {
  const rows = await db
    .select()
    .from(models)
    .where(
      or(and(ne(models.visibility, 'private'), sql`${models.ownerId} is null`), eq(models.ownerId, caller.userId)),
    );
  const defs = new Map(MODELS.map((m, i) => [modelIdOf(m.key), { ...m, position: i }]));
  const position = (id: string) => defs.get(id)?.position ?? MODELS.length;
  rows.sort((a, b) => position(a.id) - position(b.id) || a.name.localeCompare(b.name));
  return {
    items: rows.map((r) => {
      const def = defs.get(r.id);
      return {
        id: r.id,
        name: r.name,
        owner: r.ownerId,
        params: r.params as ApiModel['params'],
        m2o: r.m2o,
        visibility: r.visibility === 'private' || r.ownerId !== null ? 'private' : 'public',
        user_can_use_model: modelUsable(caller, {
          ownerId: r.ownerId,
          kind: def?.kind ?? 'sts',
          requires: def?.requires ?? 'access',
        }),
      };
    }),
  };
}

/** GET /api/v2/narration-style-tags. */
export async function listNarrationStyleTags(db: Db): Promise<Schemas['NarrationStyleTagList']> {
  const rows = await db
    .select({ id: narrationStyleTags.id, name: narrationStyleTags.name, group_id: narrationStyleTags.groupId })
    .from(narrationStyleTags)
    .orderBy(asc(narrationStyleTags.groupId), asc(narrationStyleTags.name));
  return { items: rows };
}

/** GET /api/v2/narration-style-tags/groups: each group with its tags. */
export async function listNarrationStyleTagGroups(db: Db): Promise<Schemas['NarrationStyleTagGroupList']> {
  const [groups, tags] = await Promise.all([
    db.select().from(narrationStyleTagGroups).orderBy(asc(narrationStyleTagGroups.name)),
    listNarrationStyleTags(db),
  ]);
  return {
    items: groups.map((g) => ({ id: g.id, name: g.name, tags: tags.items.filter((t) => t.group_id === g.id) })),
  };
}

/**
 * GET /api/v2/demo-sets: the demo pairs whose audio the voice engine has rendered, by language, for
 * voices the caller may see. A demo set without its audio is not listed: there is nothing to play.
 */
export async function listDemoSets(db: Db, urls: FileUrls, caller: Caller): Promise<Schemas['DemoSetMap']> {
  const rows = await db
    .select({
      id: demoSets.id,
      voiceId: demoSets.voiceId,
      language: demoSets.language,
      title: demoSets.title,
      text: demoSets.text,
      originalKey: demoSets.originalKey,
      convertedKey: demoSets.convertedKey,
      duration: demoSets.duration,
    })
    .from(demoSets)
    .innerJoin(voices, eq(voices.id, demoSets.voiceId))
    .where(and(isNotNull(demoSets.originalKey), isNotNull(demoSets.convertedKey), visibleTo(caller)))
    .orderBy(asc(demoSets.language), asc(voices.sortOrder), asc(demoSets.title));
  const map: Schemas['DemoSetMap'] = {};
  for (const r of rows) {
    (map[r.language] ??= []).push({
      id: r.id,
      voice_id: r.voiceId,
      title: r.title,
      text: r.text,
      original_url: urls.url(r.originalKey!),
      converted_url: urls.url(r.convertedKey!),
      language: r.language,
      duration: r.duration ?? 0,
    });
  }
  return map;
}

/** Demo sets still waiting for their audio: what the voice engine renders (text → original → voice). */
export async function pendingDemoSets(db: Db) {
  return db
    .select({
      id: demoSets.id,
      language: demoSets.language,
      voiceId: demoSets.voiceId,
      title: demoSets.title,
      text: demoSets.text,
    })
    .from(demoSets)
    .where(or(sql`${demoSets.originalKey} is null`, sql`${demoSets.convertedKey} is null`))
    .orderBy(asc(demoSets.language), asc(demoSets.title));
}

/** Records a demo set's rendered audio (storage keys of the original and its conversion). */
export async function saveDemoAudio(
  db: Db,
  id: string,
  audio: { originalKey: string; convertedKey: string; duration: number },
) {
  await db
    .update(demoSets)
    .set({ originalKey: audio.originalKey, convertedKey: audio.convertedKey, duration: audio.duration })
    .where(eq(demoSets.id, id));
}

/**
 * GET /api/tts-voices: the synthesiser's voices per language. voice_id is the marketplace voice a TTS
 * voice converts into by default, when the caller may see it.
 */
export async function listTtsVoices(db: Db, caller: Caller): Promise<{ items: ApiTtsVoice[] }> {
  const rows = await db
    .select({
      id: ttsVoices.id,
      name: ttsVoices.name,
      language: ttsVoices.language,
      locale: ttsVoices.locale,
      gender: ttsVoices.gender,
      voiceId: sql<string | null>`case when ${visibleTo(caller)} and ${voices.active} then ${voices.id} end`,
    })
    .from(ttsVoices)
    .leftJoin(voices, eq(voices.id, ttsVoices.voiceId))
    .orderBy(asc(ttsVoices.language), asc(ttsVoices.locale), asc(ttsVoices.gender), asc(ttsVoices.id));
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      language: TTS_LANGUAGES[r.language] ?? r.language,
      locale: r.locale ?? r.language,
      gender: r.gender ?? 'neutral',
      voice_id: r.voiceId,
    })),
  };
}
