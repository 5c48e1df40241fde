import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { components } from '../../openapi/generated/auth.js';
import { promoCodes, promoRedemptions, users } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';

/**
 * Promo codes, in one place: whether a code is valid, redeeming it (counted atomically against its
 * max_uses), and what the account redeemed. The billing service gives codes their effect — an extended
 * trial of trial_days, bonus seconds — by reading `findAppliedPromo` when the trial starts or the plan
 * changes; nothing here grants anything beyond recording the redemption and user.data.promo.
 */

export type PromoStatus = components['schemas']['PromoStatus'];
export type PromoCodeRow = typeof promoCodes.$inferSelect;

/** Why a redemption was recorded with its status (promo_redemptions.status). */
export type RedemptionStatus = 'applied' | 'already_applied' | 'unknown' | 'expired' | 'exhausted';

export interface Redemption {
  /** What the API answers: applied, or invalid for every kind of refusal. */
  promoStatus: Exclude<PromoStatus, 'none'>;
  status: RedemptionStatus;
  /** The code as stored in promo_codes (its canonical spelling), when it exists. */
  code: PromoCodeRow | null;
}

/** The demo code of the embedded default, so the promo flow works on a fresh machine. */
export const DEMO_PROMO_CODES = [{ code: 'WELCOME7', kind: 'extended_trial', trialDays: 7 }] as const;

/** Makes sure the demo codes exist (not in production, where codes are created on purpose). */
export async function seedPromoCodes(db: Db): Promise<void> {
  for (const c of DEMO_PROMO_CODES) {
    await db.insert(promoCodes).values(c).onConflictDoNothing();
  }
}

/**
 * Redeems `code` for the user, in one transaction: codes are matched without regard to case; a code
 * the user already redeemed answers applied again without counting a second use; otherwise the use is
 * counted only if the code exists, has not expired and has uses left — one UPDATE with those conditions,
 * so concurrent redemptions can never go past max_uses. Every attempt is recorded in promo_redemptions;
 * an applied code becomes user.data.promo {code, place}.
 */
export async function redeemPromoCode(db: Db, userId: string, rawCode: string, place: string): Promise<Redemption> {
  const given = rawCode.trim();
  return db.transaction(async (tx) => {
    // Serialises redemptions of one user, so a double submit cannot count two uses.
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!user) throw new Error(`No live user ${userId} to redeem a promo code for`);

    const [before] = await tx
      .select({ code: promoRedemptions.code })
      .from(promoRedemptions)
      .where(
        and(
          eq(promoRedemptions.userId, userId),
          eq(promoRedemptions.status, 'applied'),
          sql`upper(${promoRedemptions.code}) = upper(${given})`,
        ),
      )
      .limit(1);

    let status: RedemptionStatus;
    let code: PromoCodeRow | null = null;
    if (before) {
      status = 'already_applied';
      [code = null] = await tx
        .select()
        .from(promoCodes)
        .where(sql`upper(${promoCodes.code}) = upper(${given})`);
    } else {
      const [counted] = await tx
        .update(promoCodes)
        .set({ uses: sql`${promoCodes.uses} + 1` })
        .where(
          and(
            sql`upper(${promoCodes.code}) = upper(${given})`,
            sql`(${promoCodes.expiresAt} is null or ${promoCodes.expiresAt} > now())`,
            sql`(${promoCodes.maxUses} is null or ${promoCodes.uses} < ${promoCodes.maxUses})`,
          ),
        )
        .returning();
      if (counted) {
        status = 'applied';
        code = counted;
      } else {
        [code = null] = await tx
          .select()
          .from(promoCodes)
          .where(sql`upper(${promoCodes.code}) = upper(${given})`);
        status = !code ? 'unknown' : code.expiresAt && code.expiresAt.getTime() <= Date.now() ? 'expired' : 'exhausted';
      }
    }

    const stored = code?.code ?? given;
    await tx.insert(promoRedemptions).values({ code: stored, userId, place, status });
    const ok = status === 'applied' || status === 'already_applied';
    if (ok) {
      await tx
        .update(users)
        .set({ data: sql`jsonb_set(${users.data}, '{promo}', ${JSON.stringify({ code: stored, place })}::jsonb)` })
        .where(eq(users.id, userId));
    }
    return { promoStatus: ok ? 'applied' : 'invalid', status, code: ok ? code : null };
  });
}

export interface AppliedPromo {
  code: string;
  kind: string;
  trialDays: number | null;
  bonusSeconds: number | null;
  place: string | null;
  appliedAt: Date;
}

/** The code the user redeemed last (what billing applies: an extended trial, bonus seconds), or null. */
export async function findAppliedPromo(db: Db, userId: string): Promise<AppliedPromo | null> {
  const [row] = await db
    .select({
      code: promoCodes.code,
      kind: promoCodes.kind,
      trialDays: promoCodes.trialDays,
      bonusSeconds: promoCodes.bonusSeconds,
      place: promoRedemptions.place,
      appliedAt: promoRedemptions.createdAt,
    })
    .from(promoRedemptions)
    .innerJoin(promoCodes, eq(promoCodes.code, promoRedemptions.code))
    .where(and(eq(promoRedemptions.userId, userId), eq(promoRedemptions.status, 'applied')))
    .orderBy(desc(promoRedemptions.createdAt))
    .limit(1);
  return row ?? null;
}
