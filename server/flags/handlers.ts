import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { featureFlags, users, type FeatureFlagRule, type JsonValue } from '../db/schema.ts';
import { HttpError, invalidField, notFound } from '../platform/errors.ts';
import type { Handler } from '../platform/handlers.ts';
import { callerId } from '../identity/current-user.ts';
import { writeAudit } from '../admin/audit.ts';
import { FEATURES_TTL_MS, flagView, listFlags } from './flags.ts';

/** GET /api/features/{clientKey}: GrowthBook's features payload for the configured client key, cached 60 s. */
export const getFeatures: Handler<'getFeatures'> = async (request, reply) => {
  const { clientKey } = request.params;
  const { config, featuresCache } = request.server;
  if (clientKey !== config.growthbook.clientKey) {
    throw notFound(
      `No features for the client key "${clientKey}": this server serves "${config.growthbook.clientKey}".`,
    );
  }
  const payload = await featuresCache.get();
  void reply.header('cache-control', `public, max-age=${FEATURES_TTL_MS / 1000}`);
  return payload;
};

/** GET /api/v3/admin/flags. */
export const listFeatureFlags: Handler<'listFeatureFlags'> = async (request) => ({
  items: await listFlags(request.server.db),
});

const newRuleId = () => `r${randomBytes(4).toString('hex')}`;

/** PUT /api/v3/admin/flags/{key}: creates or replaces the flag, with an audit entry, and clears the payload's cache. */
export const saveFeatureFlag: Handler<'saveFeatureFlag'> = async (request) => {
  const { db, featuresCache } = request.server;
  const actorId = callerId(request);
  const { key } = request.params;
  const { description, default_value, rules } = request.body;

  const seen = new Set<string>();
  const stored: FeatureFlagRule[] = rules.map((rule, i) => {
    const userIds = rule.user_ids ?? [];
    const plans = rule.plans ?? [];
    if (userIds.length === 0 && plans.length === 0) {
      throw invalidField(`body/rules/${i}`, 'must target at least one user id or plan');
    }
    const id = rule.id ?? newRuleId();
    if (seen.has(id)) throw invalidField(`body/rules/${i}/id`, `repeats the rule id "${id}"`);
    seen.add(id);
    return { id, user_ids: userIds, plans, value: rule.value };
  });

  // Only real accounts can be targeted: a mistyped id would silently target nobody.
  const wanted = [...new Set(stored.flatMap((rule) => rule.user_ids ?? []))];
  if (wanted.length > 0) {
    const found = new Set(
      (await db.select({ id: users.id }).from(users).where(inArray(users.id, wanted))).map((row) => row.id),
    );
    for (const [i, rule] of stored.entries()) {
      const missing = (rule.user_ids ?? []).find((id) => !found.has(id));
      if (missing) throw invalidField(`body/rules/${i}/user_ids`, `names no user: ${missing}`);
    }
  }

  const saved = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(featureFlags).where(eq(featureFlags.key, key)).for('update');
    const values = {
      description: description.trim(),
      defaultValue: default_value,
      rules: stored,
      updatedBy: actorId,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(featureFlags)
      .values({ key, ...values })
      .onConflictDoUpdate({ target: featureFlags.key, set: values })
      .returning();
    if (!row) throw new HttpError(500, 'The flag was not saved');
    await writeAudit(tx, {
      actorId,
      action: 'flag.save',
      targetUserId: null,
      subjectType: 'feature_flag',
      subjectId: key,
      before: before ? auditValue(before) : null,
      after: auditValue(row),
    });
    return row;
  });
  featuresCache.clear();
  const [editor] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      first_name: users.firstName,
      last_name: users.lastName,
    })
    .from(users)
    .where(eq(users.id, actorId));
  return flagView(saved, editor ?? null);
};

/** DELETE /api/v3/admin/flags/{key}: the app falls back to its own default for the flag. */
export const deleteFeatureFlag: Handler<'deleteFeatureFlag'> = async (request, reply) => {
  const { db, featuresCache } = request.server;
  const actorId = callerId(request);
  const { key } = request.params;
  const deleted = await db.transaction(async (tx) => {
    const [before] = await tx.delete(featureFlags).where(eq(featureFlags.key, key)).returning();
    if (!before) return false;
    await writeAudit(tx, {
      actorId,
      action: 'flag.delete',
      targetUserId: null,
      subjectType: 'feature_flag',
      subjectId: key,
      before: auditValue(before),
      after: null,
    });
    return true;
  });
  if (!deleted) throw notFound(`No flag has the key "${key}".`);
  featuresCache.clear();
  return reply.code(204).send();
};

function auditValue(flag: typeof featureFlags.$inferSelect): JsonValue {
  return {
    description: flag.description,
    default_value: flag.defaultValue,
    rules: flag.rules as unknown as JsonValue,
  };
}
