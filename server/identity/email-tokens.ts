import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { emailTokens, type EmailTokenPurpose } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { randomToken, sha256 } from '../platform/sessions.ts';

/**
 * The links sent by e-mail (verification, password reset) carry a random token; the database keeps only
 * its SHA-256, so a leaked table cannot be turned into working links. Each is single-use and expires.
 */
export const TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 7 * 86_400_000,
  change_password: 3_600_000,
};

/** Stores a new token for the user and returns it (the only time it exists in clear). */
export async function issueEmailToken(db: Db, userId: string, purpose: EmailTokenPurpose): Promise<string> {
  const token = randomToken();
  await db.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS[purpose]),
  });
  return token;
}

export type EmailTokenRow = typeof emailTokens.$inferSelect;

/** The token row for this user and purpose, whatever its state (used, expired), or undefined. */
export async function findEmailToken(
  db: Db,
  token: string,
  userId: string,
  purpose: EmailTokenPurpose,
): Promise<EmailTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(
      and(eq(emailTokens.tokenHash, sha256(token)), eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)),
    );
  return row;
}

/**
 * Uses a token up: one statement marks it used if it is unused and unexpired, so two requests racing
 * with the same link cannot both succeed. With `userId`, only that user's token counts (a link of one
 * account can never act on another). Returns the user it belonged to, or null.
 */
export async function consumeEmailToken(
  db: Db,
  token: string,
  purpose: EmailTokenPurpose,
  userId?: string,
): Promise<string | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, sha256(token)),
        eq(emailTokens.purpose, purpose),
        ...(userId ? [eq(emailTokens.userId, userId)] : []),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

/** Uses up every outstanding token of the user for a purpose (after a password change, account deletion…). */
export async function revokeEmailTokens(db: Db, userId: string, purpose?: EmailTokenPurpose): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.userId, userId),
        isNull(emailTokens.usedAt),
        ...(purpose ? [eq(emailTokens.purpose, purpose)] : []),
      ),
    );
}
