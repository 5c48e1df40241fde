import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { subscriptionPrices, subscriptions, users } from '../db/schema.ts';
import { conflict, notFound } from '../platform/errors.ts';
import type { Handler } from '../platform/handlers.ts';
import { periodEnd, planView } from './billing-state.ts';
import { announceAccount } from './credits.ts';
import { loadUserView } from '../identity/user-view.ts';
import { callerId } from '../identity/current-user.ts';
import { writeAudit } from '../admin/audit.ts';
import { allowanceOf, grantCredits, mirrorPlan } from './grants.ts';

/**
 * PUT /api/v3/users/{id}/plan (admins only: `x-roles: [admin]` in the contract): a Custom plan, sold
 * through For Business. A price of its own (custom-<uuid>, category custom, never on sale) with the
 * minutes, characters, amount and interval agreed; the user is put on it — active for one interval, the period's allowance granted at once
 * (ledger custom_plan), a free trial ended — and their tabs are told. A user whose plan is a payment
 * provider's subscription is refused (409): that one is cancelled in the portal first.
 */

export const PROVIDER_SUBSCRIPTION =
  'This user pays for a subscription with the payment provider: cancel it in the customer portal before setting a Custom plan.';

export const setCustomPlan: Handler<'setCustomPlan'> = async (request) => {
  const { db } = request.server;
  const userId = request.params.id;
  const body = request.body;
  const result = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!user) return 'not_found' as const;
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    if (sub?.providerSubscriptionId && planView(sub).status !== null) return 'provider' as const;
    const [priceBefore] = sub?.priceId
      ? await tx.select().from(subscriptionPrices).where(eq(subscriptionPrices.id, sub.priceId))
      : [];

    const [price] = await tx
      .insert(subscriptionPrices)
      .values({
        id: `custom-${randomUUID()}`,
        name: body.name,
        category: 'custom',
        mode: 'subscription',
        interval: body.interval,
        amountCents: body.amount,
        currency: 'usd',
        minutes: body.minutes,
        ttsChars: body.tts_chars,
        active: false,
      })
      .returning();
    const now = new Date();
    const plan = {
      status: 'active' as const,
      priceId: price!.id,
      trial: false,
      providerSubscriptionId: null,
      currentPeriodStart: now,
      currentPeriodEnd: periodEnd(now, body.interval),
      cancelAtPeriodEnd: false,
    };
    await tx
      .insert(subscriptions)
      .values({ userId, ...plan })
      .onConflictDoUpdate({
        target: subscriptions.userId,
        set: { ...plan, trialUsed: sql`${subscriptions.trialUsed} or ${subscriptions.trial}`, updatedAt: sql`now()` },
      });
    // The plan's allowance replaces what was left of a trial or an earlier plan (bought credits stay).
    await grantCredits(tx, userId, { ...allowanceOf(price!), reason: 'custom_plan' });
    await mirrorPlan(tx, userId, price);
    await writeAudit(tx, {
      actorId: callerId(request),
      action: 'user.custom_plan',
      targetUserId: userId,
      subjectType: 'user',
      subjectId: userId,
      before:
        sub?.status && priceBefore
          ? { plan: priceBefore.name, category: priceBefore.category, status: sub.status }
          : null,
      after: {
        plan: body.name,
        category: 'custom',
        minutes: body.minutes,
        tts_chars: body.tts_chars,
        amount: body.amount,
        interval: body.interval,
      },
    });
    return 'set' as const;
  });
  if (result === 'not_found') throw notFound('No such user.');
  if (result === 'provider') throw conflict(PROVIDER_SUBSCRIPTION);
  await announceAccount(db, userId);
  const user = await loadUserView(db, userId);
  if (!user) throw notFound('No such user.');
  return user;
};
