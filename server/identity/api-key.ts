import { eq, sql } from 'drizzle-orm';
import type { components } from '../../openapi/generated/auth.js';
import { apiKeys } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { invalidField, notFound } from '../platform/errors.ts';
import type { Handler } from '../platform/handlers.ts';
import { randomToken, sha256 } from '../platform/sessions.ts';
import { callerId } from './current-user.ts';

/**
 * The account's API key (GET/POST/DELETE /api/v3/api-key). One key per user (api_keys.user_id is
 * unique): creating one replaces the previous in the same statement, so the old key stops working the
 * moment the new one exists. The secret is returned once; the database keeps only its SHA-256 and a
 * short prefix for the user to recognise it. platform/sessions.ts findApiKey authenticates with it.
 */

type ApiKeyView = components['schemas']['ApiKey'];
type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Every key starts with this, so a leaked one is recognisable (e.g. by secret scanners). */
export const API_KEY_MARK = 'tmb_';
/** How much of the key is kept and shown: the mark and 8 random characters. */
export const API_KEY_PREFIX_LENGTH = API_KEY_MARK.length + 8;

const NO_KEY = 'You have no API key.';

/** A new secret: the mark and 32 URL-safe characters (192 random bits). */
export const newApiKey = () => `${API_KEY_MARK}${randomToken(24)}`;

function toView(row: ApiKeyRow): ApiKeyView {
  return {
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt ? row.expiresAt.toISOString() : null,
  };
}

/** The user's key, expired or not (the answer says when it expires), or undefined. */
async function findKey(db: Db, userId: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId));
  return row;
}

/** GET /api/v3/api-key: the key's prefix and dates; 404 without one. */
export const getApiKey: Handler<'getApiKey'> = async (request) => {
  const row = await findKey(request.server.db, callerId(request));
  if (!row) throw notFound(NO_KEY);
  return toView(row);
};

/** POST /api/v3/api-key: a new key (expires_at in the future, or null for never), revoking the previous one. */
export const createApiKey: Handler<'createApiKey'> = async (request, reply) => {
  const userId = callerId(request);
  const raw = request.body.expires_at;
  const expiresAt = raw === null ? null : new Date(raw);
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw invalidField('body/expires_at', 'must be in the future');
  }
  const key = newApiKey();
  const values = { keyHash: sha256(key), prefix: key.slice(0, API_KEY_PREFIX_LENGTH), expiresAt };
  const [row] = await request.server.db
    .insert(apiKeys)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: apiKeys.userId,
      set: { ...values, createdAt: sql`now()`, lastUsedAt: null },
    })
    .returning();
  return reply.code(201).send({ ...toView(row!), key });
};

/** DELETE /api/v3/api-key: revokes the key at once; 404 without one. */
export const deleteApiKey: Handler<'deleteApiKey'> = async (request, reply) => {
  const gone = await request.server.db
    .delete(apiKeys)
    .where(eq(apiKeys.userId, callerId(request)))
    .returning({ id: apiKeys.id });
  if (gone.length === 0) throw notFound(NO_KEY);
  return reply.code(204).send();
};
