import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { subscribe } from '../../tests/support/studio.ts';
import { signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import type { ApiVoice } from './voices.ts';
import type { PlanCategory } from './catalogue.ts';

/** Helpers of the model manager's route tests (not used by the server). */

export interface Plan {
  status?: 'active' | 'trialing' | null;
  category?: PlanCategory | null;
  groups?: string[];
  roles?: string[];
}

/** A signed-in user on the given plan: subscription status, plan category (users.data.stripe) and groups. */
export async function userOn(t: TestApp, plan: Plan = {}): Promise<SignedIn> {
  const user = await signIn(t, plan.roles ? { roles: plan.roles } : {});
  const status = plan.status === undefined ? 'active' : plan.status;
  if (status !== null) await subscribe(t, user.userId, status);
  if (plan.category) {
    await t.database.db.execute(sql`
      update users set data = jsonb_set(data, '{stripe}', ${JSON.stringify({ subscription_category: plan.category })}::jsonb)
      where id = ${user.userId}`);
  }
  for (const name of plan.groups ?? []) {
    await t.database.db.execute(sql`insert into groups (name) values (${name}) on conflict (name) do nothing`);
    await t.database.db.execute(sql`
      insert into user_groups (user_id, group_id) select ${user.userId}, id from groups where name = ${name}`);
  }
  return user;
}

export const get = (t: TestApp, user: SignedIn, url: string) =>
  t.request({ method: 'GET', url, headers: { cookie: user.cookie } });

export const post = (t: TestApp, user: SignedIn, url: string, payload: object) =>
  t.request({ method: 'POST', url, headers: user.headers, payload });

export function ok<T = unknown>(res: LightMyRequestResponse): T {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

export interface VoicePage {
  total: number;
  offset: number;
  limit: number;
  items: ApiVoice[];
}

/** Every voice of a listing, page after page (limit 100). */
export async function allVoices(t: TestApp, user: SignedIn, query = ''): Promise<ApiVoice[]> {
  const items: ApiVoice[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = ok<VoicePage>(
      await get(t, user, `/api/v2/voices?limit=100&offset=${offset}${query ? `&${query}` : ''}`),
    );
    items.push(...page.items);
    if (items.length >= page.total || page.items.length === 0) return items;
  }
}
