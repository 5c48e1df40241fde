import { and, eq, isNull, sql } from 'drizzle-orm';
import { oauthAccounts, sessions, users } from '../../db/schema.ts';
import { isUniqueViolation, type Db } from '../../platform/db.ts';
import { conflict, HttpError } from '../../platform/errors.ts';
import { createUser, EmailTakenError, normalizeEmail } from '../users.ts';
import type { OauthProfile } from './profile.ts';
import { providerRefused, type OauthProviderName } from './providers.ts';

export interface OauthSignIn {
  userId: string;
  /** This sign-in created the account. */
  created: boolean;
}

const deleted = () => new HttpError(401, 'This account has been deleted.');
/** A concurrent sign-in of the same person got there first (a unique key or the e-mail was just taken). */
function lostRace(err: unknown): boolean {
  return err instanceof EmailTakenError || isUniqueViolation(err);
}

/**
 * The account a provider's profile signs in to: the one already linked to it; else the live account with
 * the same e-mail address, linked now, when the provider vouches for the address; else a new account.
 * Concurrent first sign-ins of one person race on the primary key of oauth_accounts and on the unique
 * e-mail and username: the loser looks again and finds the winner's rows.
 */
export async function signInWithProfile(
  db: Db,
  provider: OauthProviderName,
  profile: OauthProfile,
): Promise<OauthSignIn> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => resolve(tx as unknown as Db, provider, profile));
    } catch (err) {
      if (attempt < 3 && lostRace(err)) continue;
      throw err;
    }
  }
}

async function resolve(db: Db, provider: OauthProviderName, profile: OauthProfile): Promise<OauthSignIn> {
  const [linked] = await db
    .select({
      id: users.id,
      verified: users.verified,
      emailNormalized: users.emailNormalized,
      deletedAt: users.deletedAt,
    })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, profile.subject)));
  if (linked) {
    if (linked.deletedAt) throw deleted();
    if (!linked.verified && profile.emailVerified && normalizeEmail(profile.email!) === linked.emailNormalized) {
      await db.update(users).set({ verified: true }).where(eq(users.id, linked.id));
    }
    return { userId: linked.id, created: false };
  }

  if (!profile.email) throw providerRefused(provider, 'it did not share your e-mail address');
  const emailNormalized = normalizeEmail(profile.email);
  const link = (userId: string) =>
    db.insert(oauthAccounts).values({ provider, providerUserId: profile.subject, userId, email: profile.email });

  const [existing] = await db
    .select({ id: users.id, verified: users.verified, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.emailNormalized, emailNormalized));
  if (existing) {
    if (existing.deletedAt) throw deleted();
    if (!profile.emailVerified) {
      throw conflict(
        `An account with ${profile.email} already exists. Log in with your e-mail and password, or use another way to sign in.`,
      );
    }
    await link(existing.id);
    if (!existing.verified) {
      // Nobody had proved this address until now, so whoever set the account's password may not own it:
      // the password and its sessions go, and the owner can set a new one through password recovery.
      await db.update(users).set({ verified: true, passwordHash: null }).where(eq(users.id, existing.id));
      await db
        .update(sessions)
        .set({ endedAt: sql`now()` })
        .where(and(eq(sessions.userId, existing.id), isNull(sessions.endedAt)));
    }
    return { userId: existing.id, created: false };
  }

  // The same account as sign-up makes (username, welcome wizard), without a password.
  const row = await createUser(db, {
    email: profile.email,
    firstName: profile.firstName,
    lastName: profile.lastName,
    passwordHash: null,
    verified: profile.emailVerified,
  });
  await link(row.id);
  return { userId: row.id, created: true };
}
