import { randomInt } from 'node:crypto';
import { and, isNull, sql } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db.ts';
import { hashPassword } from './passwords.ts';
import { createUser, EmailTakenError, findUserByEmail } from './users.ts';

export interface AdminSeed {
  email: string;
  /** This start created the admin. */
  created: boolean;
  /** Set only when this start created the admin with a generated password: print it once, then it is gone. */
  generatedPassword?: string;
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIAL = '!#%+-=?@^_';
const RULE = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[^A-Za-z0-9]).{8,32}$/;

/** 24 random characters (about 150 bits) that meet SPEC.md section 5's password rule. */
export function generatePassword(): string {
  const alphabet = LOWER + UPPER + DIGITS + SPECIAL;
  for (;;) {
    const password = Array.from({ length: 24 }, () => alphabet[randomInt(alphabet.length)]).join('');
    if (RULE.test(password)) return password;
  }
}

/**
 * Makes sure the first start has an admin to sign in with: ADMIN_EMAIL (default admin@timbre.local) with
 * ADMIN_PASSWORD, or a generated password handed back for the start-up output. Idempotent: an account
 * with that e-mail is left exactly as it is (its password is never reset by a restart), and without
 * ADMIN_PASSWORD no second admin is minted while a live one exists. The admin is verified and never
 * sees the welcome wizard.
 */
export async function seedAdmin(db: Db, config: Pick<Config, 'adminEmail' | 'adminPassword'>): Promise<AdminSeed> {
  const email = config.adminEmail;
  if (await findUserByEmail(db, email)) return { email, created: false };
  if (!config.adminPassword) {
    const [admin] = await db
      .select({ email: users.email })
      .from(users)
      .where(and(sql`'admin' = any(${users.roles})`, isNull(users.deletedAt)))
      .limit(1);
    if (admin) return { email: admin.email, created: false };
  }
  const password = config.adminPassword ?? generatePassword();
  try {
    await createUser(db, {
      email,
      firstName: 'Admin',
      lastName: 'Timbre',
      passwordHash: await hashPassword(password),
      verified: true,
      roles: ['admin'],
      data: { demo_wizard: { show: false, completed: false, skipped: false, ignoreWizard: true } },
    });
  } catch (err) {
    // Another process starting at the same moment created it first.
    if (err instanceof EmailTakenError) return { email, created: false };
    throw err;
  }
  return { email, created: true, ...(config.adminPassword ? {} : { generatedPassword: password }) };
}
