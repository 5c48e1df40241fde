import { FormattedMessage, useIntl } from 'react-intl';
import {
  Button,
  ButtonLink,
  Card,
  formatDuration,
  Link,
  PageBlock,
  PageHeader,
  Skeleton,
  Text,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import {
  canStartTrial,
  isSubscribed,
  useResource,
  useSession,
  useSubscription,
  type User,
} from '../../../machines/index.ts';
import { takeAnswered } from '../../../api/early-requests.ts';
import { getUserStats, type UserStats } from '../api/dashboard-api.ts';
import { USER_STATS_REQUEST } from '../first-requests.ts';
import type { MessageId } from '../../../i18n/index.ts';
import { EXPLORER, planNameId } from '../../../shared/price-list.ts';
import * as styles from './dashboard.css.ts';
import { useModal } from '../../../shared/modals/index.ts';
import { useFlag } from '../../../shared/feature-flags/feature-flags.tsx';
import { DashboardSummary } from './dashboard-summary.tsx';

/** The places the dashboard points to (their pages arrive with the projects, recording and voices features). */
const SHORTCUTS = [
  { key: 'new', href: '/new' },
  { key: 'projects', href: '/projects' },
  { key: 'voices', href: '/choose-voices' },
] as const;

type PlanState = 'admin' | 'trial' | 'trialExpired' | 'subscribed' | 'noPlan';

function planState(user: User, flags: { isTrial: boolean; isTrialExpired: boolean }): PlanState {
  // Admins always have access: no trial or plan to offer them.
  if (user.roles.includes('admin')) return 'admin';
  if (flags.isTrial) return 'trial';
  if (flags.isTrialExpired) return 'trialExpired';
  if (isSubscribed(user)) return 'subscribed';
  return 'noPlan';
}

/**
 * Home for a signed-in, verified user: a greeting, where the plan stands (from the user's own data), the way to
 * the main tasks, and, while unknown, a question about their work (the userProfession modal). With the
 * `new-dashboard` feature flag on, a summary strip leads the page (DashboardSummary).
 */
export function DashboardPage() {
  const intl = useIntl();
  const session = useSession();
  const subscription = useSubscription();
  const profession = useModal('userProfession');
  const newDashboard = useFlag('new-dashboard');
  const user = session.user;
  if (!user) return null;
  const plan = planState(user, session);
  const offerTrial = subscription.facts !== null && canStartTrial(subscription.facts);
  return (
    <PageBlock width="medium" gap="xl" paddingY="xxl">
      <PageHeader
        title={<FormattedMessage id="dashboard.greeting" values={{ name: user.first_name }} />}
        description={<FormattedMessage id="dashboard.lead" />}
        gap="none"
      />

      {newDashboard.settled && newDashboard.on ? <DashboardSummary /> : null}

      <section className={styles.plan} aria-labelledby="dashboard-plan">
        <h2 id="dashboard-plan" className={styles.planText}>
          <FormattedMessage
            id={`dashboard.plan.${plan}`}
            values={{ plan: intl.formatMessage({ id: planNameId(user.data.stripe.subscription_category) }) }}
          />
        </h2>
        {offerTrial ? (
          <Button
            isPending={subscription.busy === 'startingTrial'}
            onPress={() => subscription.send({ type: 'subscription.startTrial' })}
          >
            <FormattedMessage id="dashboard.plan.startTrial" values={{ days: EXPLORER.days }} />
          </Button>
        ) : null}
        {plan === 'admin' ? null : (
          <ButtonLink href="/account/plan" variant={plan === 'subscribed' || offerTrial ? 'secondary' : 'primary'}>
            <FormattedMessage id={plan === 'subscribed' ? 'dashboard.plan.manage' : 'dashboard.plan.see'} />
          </ButtonLink>
        )}
      </section>

      <YourWork />

      <section aria-labelledby="dashboard-start">
        <h2 id="dashboard-start">
          <FormattedMessage id="dashboard.start.title" />
        </h2>
        <ul className={styles.grid}>
          {SHORTCUTS.map(({ key, href }) => (
            <li key={key}>
              <Card as="article" headingLevel={3} heading={<FormattedMessage id={`dashboard.start.${key}.title`} />}>
                <p className={styles.body}>
                  <FormattedMessage id={`dashboard.start.${key}.body`} />
                </p>
                <Link variant="standalone" href={href}>
                  <FormattedMessage id={`dashboard.start.${key}.link`} />
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      {!user.profession && (
        <Card heading={<FormattedMessage id="dashboard.profession.title" />}>
          <p className={styles.body}>
            <FormattedMessage id="dashboard.profession.body" />
          </p>
          <Button variant="secondary" onPress={() => profession.open()}>
            <FormattedMessage id="dashboard.profession.open" />
          </Button>
        </Card>
      )}
    </PageBlock>
  );
}

/** The totals shown; the conversions per voice are the statistics page's. */
type Figure = Exclude<keyof UserStats, 'voices'>;

const FIGURES: { key: Figure; id: MessageId }[] = [
  { key: 'projects', id: 'dashboard.work.projects' },
  { key: 'folders', id: 'dashboard.work.folders' },
  { key: 'originals', id: 'dashboard.work.originals' },
  { key: 'conversions', id: 'dashboard.work.conversions' },
  { key: 'seconds_converted', id: 'dashboard.work.converted' },
  { key: 'tts_characters', id: 'dashboard.work.characters' },
];

/** The user's totals (GET /api/stats): projects, folders, originals, conversions, audio converted, TTS characters. */
function YourWork() {
  const intl = useIntl();
  const api = useApi();
  // On a first load of `/` its figures were asked for early (first-requests.ts): drawn at once when they are in.
  const stats = useResource(['user-stats'], (signal) => getUserStats(api, { signal }), {
    initial: () => takeAnswered<UserStats>(USER_STATS_REQUEST),
  });
  const valueOf = (figures: UserStats, key: Figure) =>
    key === 'seconds_converted' ? formatDuration(figures[key]) : intl.formatNumber(figures[key]);
  return (
    <section aria-labelledby="dashboard-work">
      <h2 id="dashboard-work">
        <FormattedMessage id="dashboard.work.title" />
      </h2>
      {stats.status === 'error' ? (
        <Text tone="critical">
          <FormattedMessage id="dashboard.work.failed" values={{ message: stats.message }} />
        </Text>
      ) : stats.status !== 'ready' ? (
        <Skeleton shape="rect" height="4rem" />
      ) : (
        <dl className={styles.figures}>
          {FIGURES.map(({ key, id }) => (
            <div key={key} className={styles.figure}>
              <dt className={styles.figureLabel}>{intl.formatMessage({ id })}</dt>
              <dd className={styles.figureValue}>{valueOf(stats.value, key)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
