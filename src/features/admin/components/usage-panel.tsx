import { FormattedMessage, useIntl } from 'react-intl';
import { Chart, LoadState, Skeleton, Stack, Text } from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { useResource } from '../../../machines/index.ts';
import { getEventsSummary, type FunnelStep } from '../api/admin-api.ts';
import type { MessageId } from '../../../i18n/index.ts';

/** The window the Usage tab shows. */
export const USAGE_DAYS = 30;

const stepId = (step: FunnelStep) => `admin.usage.step.${step}` as MessageId;

/**
 * The admin console's Usage tab (issue 19): the funnel's distinct visitors per step and the page views per
 * day, from the app's stored events (GET /api/v3/events/summary; admins' own are never counted). Each chart
 * has its summary for screen readers and its data as a table.
 */
export function UsagePanel({ days = USAGE_DAYS }: { days?: number }) {
  const intl = useIntl();
  const api = useApi();
  const summary = useResource(['events-summary', days], (signal) => getEventsSummary(api, days, { signal }));

  if (summary.status !== 'ready') {
    return (
      <LoadState
        status={summary.status}
        loading={<FormattedMessage id="admin.usage.loading" />}
        placeholder={<Skeleton height="20rem" />}
        error={intl.formatMessage({ id: 'admin.usage.failed' }, { reason: summary.message })}
        onRetry={summary.retry}
        retryLabel={<FormattedMessage id="admin.usage.retry" />}
      />
    );
  }

  const { funnel, page_views: views } = summary.value;
  const count = (n: number) => intl.formatNumber(n, { maximumFractionDigits: 0 });
  const day = (date: string) => intl.formatDate(date, { day: '2-digit', month: 'short', timeZone: 'UTC' });
  const total = views.reduce((sum, d) => sum + d.count, 0);
  const busiest = views.reduce<(typeof views)[number] | undefined>(
    (best, d) => (!best || d.count > best.count ? d : best),
    undefined,
  );

  return (
    <Stack gap="xl">
      <Text tone="muted">
        <FormattedMessage id="admin.usage.lead" values={{ days: summary.value.days }} />
      </Text>
      <Chart
        title={intl.formatMessage({ id: 'admin.usage.funnelTitle' })}
        summary={intl.formatMessage(
          { id: 'admin.usage.funnelSummary' },
          {
            first: count(funnel[0]?.count ?? 0),
            last: count(funnel.at(-1)?.count ?? 0),
            days: summary.value.days,
          },
        )}
        data={funnel.map((f) => ({ label: intl.formatMessage({ id: stepId(f.step) }), value: f.count }))}
        formatValue={count}
        labelHeader={intl.formatMessage({ id: 'admin.usage.stepHeader' })}
        valueHeader={intl.formatMessage({ id: 'admin.usage.visitorsHeader' })}
      />
      <Chart
        title={intl.formatMessage({ id: 'admin.usage.viewsTitle' })}
        summary={
          total > 0 && busiest
            ? intl.formatMessage(
                { id: 'admin.usage.viewsSummary' },
                { total: count(total), days: summary.value.days, day: day(busiest.date), most: count(busiest.count) },
              )
            : intl.formatMessage({ id: 'admin.usage.viewsNone' }, { days: summary.value.days })
        }
        data={views.map((d) => ({ label: day(d.date), value: d.count }))}
        formatValue={count}
        labelHeader={intl.formatMessage({ id: 'admin.usage.dayHeader' })}
        valueHeader={intl.formatMessage({ id: 'admin.usage.viewsHeader' })}
      />
    </Stack>
  );
}
