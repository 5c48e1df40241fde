import { FormattedMessage } from 'react-intl';
import type { AdminUser, UsageRow } from '../api/admin-api.ts';

export interface PlanLabelProps {
  /** The user (their data.stripe). */
  user: AdminUser;
  /** Their usage row, whose plan names a Custom plan by its own name. */
  usage?: UsageRow | null;
}

/** The plan a user is on, in words: a Custom plan by its name, a trial as such, else the plan's category. */
export function PlanLabel({ user, usage }: PlanLabelProps) {
  const stripe = user.data.stripe;
  if (usage?.plan?.category === 'custom') return <>{usage.plan.name}</>;
  if (stripe.trial && stripe.subscription_status === 'trialing') return <FormattedMessage id="admin.plan.trial" />;
  if (!stripe.subscription_status || !stripe.subscription_category) return <FormattedMessage id="admin.plan.none" />;
  return <FormattedMessage id="admin.plan.category" values={{ category: stripe.subscription_category }} />;
}
