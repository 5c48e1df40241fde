import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { defineHandlers } from '../platform/handlers.ts';
import { ACCENT_INFOS } from './reference-data.ts';

interface AccentInfoRow {
  locale: string;
  name: string;
  short_name: string;
  country: string;
  language: string;
  flag: string;
}

/** Reference data every start makes sure of; existing rows are left as they are. */
export async function seedReferenceData(db: Db) {
  for (const a of ACCENT_INFOS) {
    await db.execute(sql`
      insert into accent_infos (locale, name, short_name, country, language, flag)
      values (${a.locale}, ${a.name}, ${a.short_name}, ${a.country}, ${a.language}, ${a.flag})
      on conflict (locale) do nothing`);
  }
}

/** The model manager service (/api/models, /api/v2/voices and the reference data). */
export const modelsHandlers = defineHandlers({
  listAccentInfos: async (request) => {
    const result = await request.server.db.execute(
      sql`select locale, name, short_name, country, language, flag from accent_infos order by locale`,
    );
    const rows = (result as unknown as { rows: AccentInfoRow[] }).rows;
    return Object.fromEntries(rows.map((r) => [r.locale, r]));
  },
});
