import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { addToast, Select, Stack, Text } from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { failureMessage } from '../../../machines/index.ts';
import { listReports, setReportStatus, type Report, type ReportStatus } from '../api/admin-api.ts';
import { queueOrder } from '../admin-rules.ts';
import { ReportItem } from './report-item.tsx';

type Filter = ReportStatus | 'all';
const FILTERS: Filter[] = ['new', 'seen', 'resolved', 'all'];

export interface ReportsQueueProps {
  /** Only this user's reports (a user's detail); every user's when absent. */
  userId?: string;
  /**
   * The status shown first.
   * @default 'new'
   */
  defaultFilter?: Filter;
  /** The A/B player's media element (stories use a muted 'video'). */
  mediaElement?: 'audio' | 'video';
  /**
   * The level of each report's heading (2 on the console's tab, 3 under a section's heading).
   * @default 3
   */
  headingLevel?: 2 | 3;
  /** A report's status changed (the page's audit list follows). */
  onChanged?: () => void;
}

/**
 * The queue of conversion-issue reports and feedback: filtered by status (new first), reds first then newest
 * (the server's order), each marked seen or resolved where it is; the outcome is a toast, which is announced.
 * A report that leaves the filter stays in place until the list is loaded again, so focus is not lost.
 */
export function ReportsQueue({
  userId,
  defaultFilter = 'new',
  mediaElement,
  headingLevel = 3,
  onChanged,
}: ReportsQueueProps) {
  const intl = useIntl();
  const api = useApi();
  const [filter, setFilter] = useState<Filter>(defaultFilter);
  const [reports, setReports] = useState<Report[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const page = await listReports(
          api,
          {
            limit: 100,
            offset: 0,
            ...(filter === 'all' ? {} : { status: filter }),
            ...(userId ? { user_id: userId } : {}),
          },
          { signal },
        );
        setReports(page.items);
        setTotal(page.total);
        setError(null);
      } catch (e) {
        if (!signal?.aborted)
          setError(intl.formatMessage({ id: 'admin.reports.loadFailed' }) + ` ${failureMessage(e)}`);
      }
    },
    [api, filter, userId, intl],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const mark = async (report: Report, status: ReportStatus) => {
    setPending(report.id);
    try {
      const changed = await setReportStatus(api, report, status);
      setReports((list) => (list ?? []).map((r) => (r.id === changed.id ? changed : r)).sort(queueOrder));
      addToast({ message: intl.formatMessage({ id: 'admin.reports.marked' }, { status }), severity: 'success' });
      onChanged?.();
    } catch (e) {
      addToast({ message: failureMessage(e), severity: 'error' });
    } finally {
      setPending(null);
    }
  };

  return (
    <Stack gap="md">
      <Select
        label={intl.formatMessage({ id: 'admin.reports.filter' })}
        options={FILTERS.map((f) => ({
          id: f,
          label: intl.formatMessage({ id: 'admin.reports.status' }, { status: f }),
        }))}
        value={filter}
        onChange={(key) => setFilter(key as Filter)}
      />
      <Text tone="muted" role="status" aria-live="off">
        {error ?? (reports ? intl.formatMessage({ id: 'admin.reports.count' }, { count: total }) : '')}
      </Text>
      {reports && reports.length === 0 ? (
        <Text tone="muted">
          <FormattedMessage id="admin.reports.empty" />
        </Text>
      ) : null}
      {reports?.map((report) => (
        <ReportItem
          key={report.id}
          report={report}
          pending={pending === report.id}
          onMark={(r, s) => void mark(r, s)}
          mediaElement={mediaElement}
          headingLevel={headingLevel}
        />
      ))}
    </Stack>
  );
}
