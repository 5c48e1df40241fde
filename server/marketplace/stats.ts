import { sql } from 'drizzle-orm';
import { folders, projects, recordings } from '../db/schema.ts';
import { query, type Db } from '../platform/db.ts';
import type { Schemas } from './shared.ts';

type Totals = Omit<Schemas['UserStats'], 'voices'>;

/**
 * The caller's totals over their live projects, folders and recordings, every conversion they have had finish,
 * and their live conversions per voice: those ordered in the last `days` days, or all of them.
 */
export async function userStats(db: Db, ownerId: string, days?: number): Promise<Schemas['UserStats']> {
  const [[row], voices] = await Promise.all([
    query<Record<keyof Totals, number | string>>(
      db,
      sql`
      select
        (select count(*) from ${projects} p where p.owner_id = ${ownerId} and p.deleted_at is null)::int as projects,
        (select count(*) from ${folders} f join ${projects} p on p.id = f.project_id
          where p.owner_id = ${ownerId} and p.deleted_at is null and f.deleted_at is null)::int as folders,
        (count(*) filter (where r.type = 'original'))::int as originals,
        (count(*) filter (where r.type = 'conversion'))::int as conversions,
        (select count(*) from ${recordings} d
          where d.owner_id = ${ownerId} and d.type = 'conversion' and d.state = 'done')::int as finished_conversions,
        coalesce(sum(r.duration) filter (where r.type = 'conversion' and r.state = 'done'), 0)::float8 as seconds_converted,
        coalesce(sum(char_length(r.text)) filter (where r.type = 'original' and r.tts), 0)::int as tts_characters
      from ${recordings} r join ${projects} p on p.id = r.project_id
      where r.owner_id = ${ownerId} and r.deleted_at is null and p.deleted_at is null`,
    ),
    conversionsPerVoice(db, ownerId, days),
  ]);
  return {
    projects: Number(row?.projects ?? 0),
    folders: Number(row?.folders ?? 0),
    originals: Number(row?.originals ?? 0),
    conversions: Number(row?.conversions ?? 0),
    finished_conversions: Number(row?.finished_conversions ?? 0),
    seconds_converted: Number(row?.seconds_converted ?? 0),
    tts_characters: Number(row?.tts_characters ?? 0),
    voices,
  };
}

/**
 * Live conversions per voice, counted like the totals (live recordings in live projects). A conversion keeps
 * the voice's name it was ordered with; once the voice is deleted its id is null, so those group by name.
 */
async function conversionsPerVoice(db: Db, ownerId: string, days?: number) {
  const since = days === undefined ? sql`` : sql`and r.created_at > now() - make_interval(days => ${days})`;
  const rows = await query<{ voice_id: string | null; voice_name: string | null; conversions: number | string }>(
    db,
    sql`
      select r.voice_id::text as voice_id, max(r.voice_name) as voice_name, count(*)::int as conversions
      from ${recordings} r join ${projects} p on p.id = r.project_id
      where r.owner_id = ${ownerId} and r.deleted_at is null and p.deleted_at is null
        and r.type = 'conversion' ${since}
      group by r.voice_id, case when r.voice_id is null then r.voice_name end
      order by conversions desc, voice_name asc`,
  );
  return rows.map((r) => ({
    voice_id: r.voice_id,
    voice_name: r.voice_name ?? '',
    conversions: Number(r.conversions),
  }));
}
