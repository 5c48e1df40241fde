import { sql } from 'drizzle-orm';
import { folders, projects, recordings } from '../db/schema.ts';
import { query, type Db } from '../platform/db.ts';
import type { Schemas } from './shared.ts';

/** The caller's totals over their live projects, folders and recordings, and every conversion they have had finish. */
export async function userStats(db: Db, ownerId: string): Promise<Schemas['UserStats']> {
  const [row] = await query<Record<keyof Schemas['UserStats'], number | string>>(
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
  );
  return {
    projects: Number(row?.projects ?? 0),
    folders: Number(row?.folders ?? 0),
    originals: Number(row?.originals ?? 0),
    conversions: Number(row?.conversions ?? 0),
    finished_conversions: Number(row?.finished_conversions ?? 0),
    seconds_converted: Number(row?.seconds_converted ?? 0),
    tts_characters: Number(row?.tts_characters ?? 0),
  };
}
