import { and, eq, isNull } from 'drizzle-orm';
import { users, type UserData } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { uniqueUsername, usernameStem } from './username.ts';

/**
 * The users repository of the auth service: creating accounts (sign-up, the seeded admin),
 * finding them by e-mail and changing their data document. Every query here is about one user, named by
 * id or e-mail.
 */

export type UserRow = typeof users.$inferSelect;
type Role = UserRow['roles'][number];

/** The only form e-mail lookups and uniqueness use (users.email_normalized). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** What a new account starts with: the welcome wizard to show (SPEC.md section 2, guard rules). */
export function newUserData(): UserData {
  return { demo_wizard: { show: true, completed: false, skipped: false, ignoreWizard: false } };
}

/** The seed of a new account's username: the e-mail's local part (without +tag), else the names. */
export function usernameSeed(email: string, firstName = '', lastName = ''): string {
  const local = email.split('@')[0]!.split('+')[0]!;
  return usernameStem(local) === 'user' && `${firstName}${lastName}`.trim() ? `${firstName} ${lastName}` : local;
}

export class EmailTakenError extends Error {
  constructor() {
    super('An account with this e-mail address already exists.');
  }
}

export interface NewAccount {
  email: string;
  firstName: string;
  lastName: string;
  /** argon2id hash; null for accounts that only sign in with OAuth. */
  passwordHash: string | null;
  verified: boolean;
  roles?: Role[];
  data?: UserData;
}

/**
 * Creates an account with a unique, URL-safe username (username.ts). Works inside a transaction:
 * conflicts are taken with ON CONFLICT DO NOTHING rather than errors, so a username lost to a concurrent
 * insert is simply chosen again, and a taken e-mail throws EmailTakenError (deleted accounts keep their
 * address).
 */
export async function createUser(db: Db, account: NewAccount): Promise<UserRow> {
  const emailNormalized = normalizeEmail(account.email);
  const seed = usernameSeed(emailNormalized, account.firstName, account.lastName);
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await db
      .insert(users)
      .values({
        username: await uniqueUsername(db, seed),
        email: account.email.trim(),
        emailNormalized,
        firstName: account.firstName,
        lastName: account.lastName,
        passwordHash: account.passwordHash,
        verified: account.verified,
        roles: account.roles ?? ['user'],
        data: account.data ?? newUserData(),
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.emailNormalized, emailNormalized));
    if (taken) throw new EmailTakenError();
  }
  throw new Error(`No free username found for "${seed}"`);
}

/** The account registered with this e-mail, deleted ones included (they can never sign in again). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.emailNormalized, normalizeEmail(email)));
  return row;
}

/** A live (not deleted) account by id. */
export async function findLiveUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

/**
 * Read-modify-write of users.data under a row lock, so two merges at once (two tabs saving settings)
 * cannot lose each other's fields. Returns false when there is no live user with this id.
 */
export async function updateUserData(db: Db, userId: string, change: (data: UserData) => UserData): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ data: users.data })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!row) return false;
    await tx
      .update(users)
      .set({ data: change(row.data ?? {}) })
      .where(eq(users.id, userId));
    return true;
  });
}

/** Sets columns of a live user; returns false when there is none. */
export async function updateUser(
  db: Db,
  userId: string,
  values: Partial<Pick<UserRow, 'profession' | 'industry' | 'touAcceptedAt' | 'passwordHash' | 'verified'>>,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set(values)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}
