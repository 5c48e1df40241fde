import { and, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '../../openapi/generated/auth.js';
import { groups, subscriptions, userGroups, users } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { planView, type PlanView } from '../billing/billing-state.ts';

export type ApiUser = components['schemas']['User'];
export type UserRow = typeof users.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

const DEFAULT_ADVANCED = { normalize: false, denormalize: false, denoise: false, hft: false, emotional_scale: 0.5 };

/** Whether the plan lets the user run long conversions and download (SPEC.md section 6). */
function planPermissions(row: UserRow, plan: PlanView) {
  const privileged = row.roles.includes('admin') || row.roles.includes('prepaid');
  const paid = plan.status === 'active';
  const access = privileged || paid || plan.status === 'trialing';
  return {
    can_write: access,
    long_conversions: privileged || paid,
    // Trial users cannot download (SPEC.md section 6).
    download: privileged || paid,
  };
}

/**
 * The one place a users row becomes the API's User (openapi/auth.yaml#/components/schemas/User). Every
 * handler that answers with a user calls this, so the shape cannot drift between login, signup, /auth…
 */
export function toApiUser(
  row: UserRow,
  extra: { groups?: { id: string; name: string; user_count: number }[]; subscription?: SubscriptionRow } = {},
  now: Date = new Date(),
): ApiUser {
  const data = row.data ?? {};
  // A free trial past its trial_ends_at reads as expired here, whatever the row still says.
  const state = planView(extra.subscription, now);
  const wizard = data.demo_wizard ?? {};
  const stored = data.permissions ?? {};
  const plan = planPermissions(row, state);
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    groups: extra.groups ?? [],
    roles: [...new Set(row.roles)],
    verified: row.verified,
    t_level: row.tLevel as ApiUser['t_level'],
    profession: row.profession,
    industry: row.industry,
    created_at: row.createdAt.toISOString(),
    data: {
      calibration: data.calibration === true,
      download: data.download === 'mp3' ? 'mp3' : 'wav',
      advanced_settings: { ...DEFAULT_ADVANCED, ...data.advanced_settings },
      promo: data.promo?.code ? { code: data.promo.code, place: data.promo.place ?? 'signup' } : null,
      stripe: {
        subscription_status: state.status,
        trial: state.trial,
        trial_used: state.trialUsed,
        subscription_category: data.stripe?.subscription_category ?? null,
        subscription_interval: data.stripe?.subscription_interval ?? null,
      },
      credit_limit: data.credit_limit ?? null,
      // Stored flags can only take a permission away (an admin restricting an account), never grant one.
      permissions: {
        can_write: plan.can_write && stored.can_write !== false,
        long_conversions: plan.long_conversions && stored.long_conversions !== false,
        download: plan.download && stored.download !== false,
      },
      local_storage: (data.local_storage ?? {}) as Record<string, unknown>,
      demo_wizard: {
        show: wizard.show ?? true,
        completed: wizard.completed ?? false,
        skipped: wizard.skipped ?? false,
        ignoreWizard: wizard.ignoreWizard ?? false,
        step: ((wizard as { step?: string | null }).step ?? null) as ApiUser['data']['demo_wizard']['step'],
      },
      notifications: {
        conversion_complete_email: data.notifications?.email ?? false,
        conversion_complete_browser: data.notifications?.browser ?? false,
      },
      tou_accepted_at: row.touAcceptedAt ? row.touAcceptedAt.toISOString() : null,
    },
  };
}

/**
 * How many live (not deleted) users a group has: the user_count of every Group the API shows, for a
 * query that selects from groups. The outer column is named in full: Drizzle leaves columns of a
 * one-table select unqualified, and a bare "id" here would mean the subquery's own users.id.
 */
export const groupUserCount = () =>
  sql<number>`(select count(*)::int from user_groups g2 join users u2 on u2.id = g2.user_id
    where g2.group_id = "groups"."id" and u2.deleted_at is null)`;

/** Loads what toApiUser needs besides the row (groups with their sizes, the subscription) for many users. */
export async function loadUserViews(db: Db, rows: UserRow[]): Promise<ApiUser[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const memberships = await db
    .select({
      userId: userGroups.userId,
      id: groups.id,
      name: groups.name,
      userCount: groupUserCount(),
    })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(inArray(userGroups.userId, ids));
  const subs = await db.select().from(subscriptions).where(inArray(subscriptions.userId, ids));
  return rows.map((row) =>
    toApiUser(row, {
      groups: memberships
        .filter((m) => m.userId === row.id)
        .map((m) => ({ id: m.id, name: m.name, user_count: Number(m.userCount) })),
      subscription: subs.find((s) => s.userId === row.id),
    }),
  );
}

/** One user as the API shows it, or null when there is no such live (not deleted) user. */
export async function loadUserView(db: Db, userId: string): Promise<ApiUser | null> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`));
  const [view] = await loadUserViews(db, rows);
  return view ?? null;
}
