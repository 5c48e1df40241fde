import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  Cell,
  Column,
  Disclosure,
  LoadState,
  Pagination,
  Row,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableHeader,
  Text,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { useResource } from '../../../machines/index.ts';
import { listErrorReports, type ErrorReport } from '../api/admin-api.ts';
import * as styles from './errors-panel.css.ts';

/** Error groups per page of the Errors tab. */
export const ERRORS_PAGE_SIZE = 20;

/** SPEC.md's date format with the time: dd MMM yyyy HH:mm:ss. */
function seenAt(intl: ReturnType<typeof useIntl>, iso: string) {
  const parts = Object.fromEntries(
    intl
      .formatDateToParts(iso, {
        day: '2-digit',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      })
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day} ${parts.month} ${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** One group's row: its message (with its type and where it happened), stack, route, release, count, last seen. */
export function ErrorsTable({ items }: { items: ErrorReport[] }) {
  const intl = useIntl();
  return (
    <Table aria-label={intl.formatMessage({ id: 'admin.errors.table' })}>
      <TableHeader>
        <Column id="message" isRowHeader>
          <FormattedMessage id="admin.errors.column.message" />
        </Column>
        <Column id="stack">
          <FormattedMessage id="admin.errors.stack" />
        </Column>
        <Column id="route">
          <FormattedMessage id="admin.errors.column.route" />
        </Column>
        <Column id="release">
          <FormattedMessage id="admin.errors.column.release" />
        </Column>
        <Column id="environment">
          <FormattedMessage id="admin.errors.column.environment" />
        </Column>
        <Column id="count">
          <FormattedMessage id="admin.errors.column.count" />
        </Column>
        <Column id="lastSeen">
          <FormattedMessage id="admin.errors.column.lastSeen" />
        </Column>
      </TableHeader>
      <TableBody
        items={items}
        renderEmptyState={() => (
          <Text tone="muted">
            <FormattedMessage id="admin.errors.empty" />
          </Text>
        )}
      >
        {(report) => (
          <Row id={report.id} textValue={report.message}>
            <Cell>
              <Stack gap="xs">
                <span className={styles.message}>
                  {report.type ? `${report.type}: ` : ''}
                  {report.message}
                </span>
                <Text tone="muted" size="sm">
                  <FormattedMessage id={`admin.errors.platform.${report.platform}`} />
                </Text>
              </Stack>
            </Cell>
            <Cell>
              {report.stack ? (
                <Disclosure title={<FormattedMessage id="admin.errors.stack" />} headingLevel={2}>
                  <pre className={styles.stack}>{report.stack}</pre>
                </Disclosure>
              ) : (
                '—'
              )}
            </Cell>
            <Cell>{report.route ? <code>{report.route}</code> : '—'}</Cell>
            <Cell>{report.release ?? '—'}</Cell>
            <Cell>{report.environment ?? '—'}</Cell>
            <Cell>{intl.formatNumber(report.count)}</Cell>
            <Cell>{seenAt(intl, report.last_seen)}</Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}

/**
 * The admin console's Errors tab (issue 19): the grouped error reports of the app and the server
 * (GET /api/v3/admin/errors), most recently seen first, a page at a time.
 */
export function ErrorsPanel() {
  const intl = useIntl();
  const api = useApi();
  const [page, setPage] = useState(1);
  const reports = useResource(['error-reports', page], (signal) =>
    listErrorReports(api, { limit: ERRORS_PAGE_SIZE, offset: (page - 1) * ERRORS_PAGE_SIZE }, { signal }),
  );

  return (
    <LoadState
      status={reports.status}
      loading={<FormattedMessage id="admin.errors.loading" />}
      placeholder={<Skeleton height="12rem" />}
      error={
        reports.status === 'error'
          ? intl.formatMessage({ id: 'admin.errors.failed' }, { reason: reports.message })
          : null
      }
      onRetry={reports.retry}
      retryLabel={<FormattedMessage id="admin.errors.retry" />}
    >
      {reports.status === 'ready' ? (
        <Stack gap="md">
          <ErrorsTable items={reports.value.items} />
          {reports.value.total > ERRORS_PAGE_SIZE ? (
            <Pagination page={page} pageSize={ERRORS_PAGE_SIZE} total={reports.value.total} onPageChange={setPage} />
          ) : null}
        </Stack>
      ) : null}
    </LoadState>
  );
}
