import { eq } from 'drizzle-orm';
import { credits, subscriptions } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { publishUserEvent } from '../notifications/scope.ts';
import { creditsView, planView, type ApiCredits } from './billing-state.ts';
import { loadUserView } from '../identity/user-view.ts';

/** The user's credits as GET /api/v3/credits answers them. */
export async function loadCredits(db: Db, userId: string, now = new Date()): Promise<ApiCredits> {
  const [[row], [sub]] = await Promise.all([
    db.select().from(credits).where(eq(credits.userId, userId)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
  ]);
  return creditsView(row, planView(sub, now));
}

/** Tells the user's open tabs their new balances (credits.updated2). */
export async function announceCredits(db: Db, userId: string): Promise<void> {
  publishUserEvent(userId, { type: 'credits.updated2', data: { credits: await loadCredits(db, userId) } });
}

/** Tells the user's open tabs that their plan changed: user.updated, then credits.updated2. */
export async function announceAccount(db: Db, userId: string): Promise<void> {
  const user = await loadUserView(db, userId);
  if (user) publishUserEvent(userId, { type: 'user.updated', data: { user } });
  await announceCredits(db, userId);
}
