import { FormattedMessage, useIntl } from 'react-intl';
import { ButtonLink, formatDate, Link, Meter, Skeleton, Text } from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { useResource, useSession, useSubscription } from '../../../machines/index.ts';
import { getUserStats, listRecentProjects } from '../api/dashboard-api.ts';
import * as styles from './dashboard.css.ts';

/** How many of the newest projects the summary lists. */
export const RECENT_PROJECTS = 3;

/** Minutes, rounded down (what is left) or up (what the period started with), as the plan page counts them. */
const minutes = (seconds: number, round: (n: number) => number) => round(Math.max(0, seconds) / 60);

/**
 * The new dashboard's summary strip (feature flag `new-dashboard`): what is left on the plan (minutes and TTS
 * characters, from GET /api/v3/credits), the user's conversions (finished and not, GET /api/stats), the projects
 * with the newest recordings (GET /api/projects) and the primary action, a new recording.
 */
export function DashboardSummary() {
  const intl = useIntl();
  const api = useApi();
  const { user } = useSession();
  const { credits, loading } = useSubscription();
  const stats = useResource(['user-stats'], (signal) => getUserStats(api, { signal }));
  const recent = useResource(['recent-projects'], (signal) => listRecentProjects(api, RECENT_PROJECTS, { signal }));
  const isAdmin = user?.roles.includes('admin') === true;

  const planMinutes = credits
    ? minutes(credits.initial_subscription_seconds + credits.initial_bought_credits, Math.ceil)
    : 0;
  const leftMinutes = credits ? minutes(credits.available_seconds, Math.floor) : 0;

  return (
    <section className={styles.summary} aria-labelledby="dashboard-summary">
      <div className={styles.summaryHeader}>
        <h2 id="dashboard-summary" className={styles.summaryTitle}>
          <FormattedMessage id="dashboard.summary.title" />
        </h2>
        <ButtonLink href="/new" variant="primary">
          <FormattedMessage id="dashboard.summary.newRecording" />
        </ButtonLink>
      </div>
      <div className={styles.summaryGrid}>
        <div className={styles.summaryColumn}>
          <h3 className={styles.summarySubtitle}>
            <FormattedMessage id="dashboard.summary.planTitle" />
          </h3>
          {isAdmin ? (
            <Text tone="muted">
              <FormattedMessage id="dashboard.summary.unlimited" />
            </Text>
          ) : credits ? (
            <>
              <Meter
                label={intl.formatMessage({ id: 'dashboard.summary.minutesLeft' })}
                value={Math.min(leftMinutes, Math.max(planMinutes, leftMinutes))}
                maxValue={Math.max(planMinutes, leftMinutes, 1)}
                valueLabel={intl.formatMessage(
                  { id: 'dashboard.summary.minutesValue' },
                  { left: leftMinutes, total: Math.max(planMinutes, leftMinutes) },
                )}
                thresholds={{ warning: 25, danger: 10 }}
              />
              <Meter
                label={intl.formatMessage({ id: 'dashboard.summary.charactersLeft' })}
                value={credits.tts_chars}
                maxValue={Math.max(credits.initial_tts_chars, credits.tts_chars, 1)}
                valueLabel={intl.formatMessage(
                  { id: 'dashboard.summary.charactersValue' },
                  { left: credits.tts_chars, total: Math.max(credits.initial_tts_chars, credits.tts_chars) },
                )}
                thresholds={{ warning: 25, danger: 10 }}
              />
            </>
          ) : loading ? (
            <Skeleton shape="rect" height="3rem" />
          ) : (
            <Text tone="muted">
              <FormattedMessage id="dashboard.summary.noCredits" />
            </Text>
          )}
          <Link variant="standalone" href="/account/plan">
            <FormattedMessage id="dashboard.summary.planLink" />
          </Link>
        </div>

        <div className={styles.summaryColumn}>
          <h3 className={styles.summarySubtitle}>
            <FormattedMessage id="dashboard.summary.conversionsTitle" />
          </h3>
          {stats.status === 'ready' ? (
            <p className={styles.summaryTitle}>
              <FormattedMessage
                id="dashboard.summary.conversions"
                values={{
                  finished: stats.value.finished_conversions,
                  other: Math.max(0, stats.value.conversions - stats.value.finished_conversions),
                }}
              />
            </p>
          ) : stats.status === 'error' ? (
            <Text tone="critical">
              <FormattedMessage id="dashboard.work.failed" values={{ message: stats.message }} />
            </Text>
          ) : (
            <Skeleton shape="rect" height="2rem" />
          )}
        </div>

        <div className={styles.summaryColumn}>
          <h3 className={styles.summarySubtitle}>
            <FormattedMessage id="dashboard.summary.recentTitle" />
          </h3>
          {recent.status === 'ready' ? (
            recent.value.length === 0 ? (
              <Text tone="muted">
                <FormattedMessage id="dashboard.summary.recentEmpty" />
              </Text>
            ) : (
              <ul className={styles.recentList}>
                {recent.value.map((project) => (
                  <li key={project.id}>
                    <Link href={project.url}>{project.name}</Link>
                    <span className={styles.recentMeta}>
                      {project.last_recording_at ? (
                        <FormattedMessage
                          id="dashboard.summary.recentMeta"
                          values={{
                            date: formatDate(project.last_recording_at),
                            originals: project.stats.originals,
                            conversions: project.stats.conversions,
                          }}
                        />
                      ) : (
                        <FormattedMessage id="dashboard.summary.recentNoRecording" />
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            )
          ) : recent.status === 'error' ? (
            <Text tone="critical">
              <FormattedMessage id="dashboard.summary.recentFailed" values={{ message: recent.message }} />
            </Text>
          ) : (
            <Skeleton shape="rect" height="4rem" />
          )}
          <Link variant="standalone" href="/projects">
            <FormattedMessage id="dashboard.summary.allProjects" />
          </Link>
        </div>
      </div>
    </section>
  );
}
