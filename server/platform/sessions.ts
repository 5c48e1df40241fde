import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { query, queryPrepared, type Db } from './db.ts';

export const SESSION_COOKIE = 'timbre_session';
export const CSRF_HEADER = 'x-csrf-token';
export const API_KEY_HEADER = 'x-api-key';

/** The signed-in principal of a request. */
export interface AuthUser {
  id: string;
  email: string;
  roles: string[];
  verified: boolean;
}

export interface Auth {
  user: AuthUser;
  via: 'session' | 'apiKey';
  sessionId?: string;
  csrfToken?: string;
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

interface PrincipalRow {
  id: string;
  email: string;
  roles: string[];
  verified: boolean;
  session_id?: string;
  csrf_token?: string;
}

function toUser(row: PrincipalRow): AuthUser {
  return { id: row.id, email: row.email, roles: row.roles, verified: row.verified };
}

/**
 * Starts a session for a user: the cookie carries a random token, the database only its hash, so a
 * leaked database cannot be replayed as cookies.
 */
export async function createSession(
  db: Db,
  userId: string,
  ttlDays: number,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
  const token = randomToken();
  const csrfToken = randomToken(24);
  const expiresAt = new Date(Date.now() + ttlDays * 86_400_000);
  await db.execute(sql`
    insert into sessions (id, user_id, csrf_token, expires_at, ip, user_agent)
    values (${sha256(token)}, ${userId}, ${csrfToken}, ${expiresAt.toISOString()}, ${meta.ip ?? null}, ${meta.userAgent ?? null})`);
  return { token, csrfToken, expiresAt };
}

/** The live session behind a cookie token, or null. */
export async function findSession(db: Db, token: string): Promise<Auth | null> {
  // Every signed-in request asks this: prepared once per connection (db.ts, queryPrepared).
  const rows = await queryPrepared<PrincipalRow>(
    db,
    sql`
      select u.id, u.email, u.roles, u.verified, s.id as session_id, s.csrf_token
      from sessions s join users u on u.id = s.user_id
      where s.id = ${sha256(token)} and s.ended_at is null and s.expires_at > now() and u.deleted_at is null
      limit 1`,
  );
  const row = rows[0];
  if (!row) return null;
  return { user: toUser(row), via: 'session', sessionId: row.session_id!, csrfToken: row.csrf_token! };
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.execute(sql`update sessions set ended_at = now() where id = ${sessionId} and ended_at is null`);
}

/** api_keys.last_used_at is written at most this often per key, so a busy key costs no write per call. */
export const API_KEY_LAST_USED_SECONDS = 60;

/**
 * The owner of a live API key, or null. Marks the key used (api_keys.last_used_at) when its mark is
 * older than API_KEY_LAST_USED_SECONDS: one extra statement a minute for a key in constant use.
 */
export async function findApiKey(db: Db, key: string): Promise<Auth | null> {
  const rows = await query<PrincipalRow & { key_id: string; stale: boolean }>(
    db,
    sql`
      select u.id, u.email, u.roles, u.verified, k.id as key_id,
        (k.last_used_at is null
          or k.last_used_at < now() - ${`${API_KEY_LAST_USED_SECONDS} seconds`}::interval) as stale
      from api_keys k join users u on u.id = k.user_id
      where k.key_hash = ${sha256(key)} and (k.expires_at is null or k.expires_at > now()) and u.deleted_at is null
      limit 1`,
  );
  const row = rows[0];
  if (!row) return null;
  if (row.stale) await db.execute(sql`update api_keys set last_used_at = now() where id = ${row.key_id}`);
  return { user: toUser(row), via: 'apiKey' };
}

/**
 * Ends every live session of a user, except `exceptSessionId` (the caller's own, e.g. after changing the
 * password). Returns the ids ended, so their sockets can be told (user.session_end).
 */
export async function endUserSessions(db: Db, userId: string, exceptSessionId?: string): Promise<string[]> {
  const rows = await query<{ id: string }>(
    db,
    sql`
      update sessions set ended_at = now()
      where user_id = ${userId} and ended_at is null and id <> ${exceptSessionId ?? ''}
      returning id`,
  );
  return rows.map((r) => r.id);
}

/** Moves a live session's expiry to `ttlDays` from now (a session lives SESSION_TTL_DAYS without use). */
export async function extendSession(db: Db, sessionId: string, ttlDays: number): Promise<Date | null> {
  const expiresAt = new Date(Date.now() + ttlDays * 86_400_000);
  const rows = await query<{ id: string }>(
    db,
    sql`
      update sessions set last_seen_at = now(), expires_at = ${expiresAt.toISOString()}
      where id = ${sessionId} and ended_at is null
      returning id`,
  );
  return rows.length > 0 ? expiresAt : null;
}
