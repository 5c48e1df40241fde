import { FormattedMessage, useIntl } from 'react-intl';
import {
  Cell,
  Column,
  formatDate,
  formatSize,
  Pagination,
  Row,
  Table,
  TableBody,
  TableHeader,
  Text,
  type SortDescriptor,
} from '../../../../design-system/index.ts';
import type { AdminUser, Direction, UsageRow, UserSort } from '../api/admin-api.ts';
import { minutesOf, USERS_PAGE_SIZE } from '../admin-rules.ts';
import { PlanLabel } from './plan-label.tsx';
import { TrustBadge } from './trust-badge.tsx';

export interface UsersTableProps {
  rows: { user: AdminUser; usage: UsageRow | null }[];
  total: number;
  /** From 1. */
  page: number;
  sort: UserSort;
  direction: Direction;
  /** The usage call failed: the figures say so instead of zeros. */
  usageFailed?: boolean;
  onSort: (sort: UserSort, direction: Direction) => void;
  onPage: (page: number) => void;
}

const SORTABLE: Record<string, UserSort> = {
  name: 'last_name',
  email: 'email',
  trust: 't_level',
  created: 'created_at',
};

/**
 * The users table: name (opens the user), e-mail, trust level (colour and words), plan, usage from
 * stats/users, sign-up date; sorted by Enter on a column header, paged by 40 (SPEC.md section 9).
 */
export function UsersTable({ rows, total, page, sort, direction, usageFailed, onSort, onPage }: UsersTableProps) {
  const intl = useIntl();
  const column = Object.entries(SORTABLE).find(([, s]) => s === sort)?.[0] ?? 'created';
  const descriptor: SortDescriptor = { column, direction: direction === 'asc' ? 'ascending' : 'descending' };
  const usage = (row: UsageRow | null, show: (r: UsageRow) => string) =>
    row ? show(row) : intl.formatMessage({ id: usageFailed ? 'admin.usage.failed' : 'admin.usage.none' });
  return (
    <>
      <Table
        aria-label={intl.formatMessage({ id: 'admin.users.table' })}
        sortDescriptor={descriptor}
        onSortChange={(d) => {
          const next = SORTABLE[String(d.column)];
          if (next) onSort(next, d.direction === 'ascending' ? 'asc' : 'desc');
        }}
      >
        <TableHeader>
          <Column id="name" isRowHeader allowsSorting>
            <FormattedMessage id="admin.column.name" />
          </Column>
          <Column id="email" allowsSorting>
            <FormattedMessage id="admin.column.email" />
          </Column>
          <Column id="trust" allowsSorting>
            <FormattedMessage id="admin.column.trust" />
          </Column>
          <Column id="plan">
            <FormattedMessage id="admin.column.plan" />
          </Column>
          <Column id="minutes">
            <FormattedMessage id="admin.column.minutes" />
          </Column>
          <Column id="conversions">
            <FormattedMessage id="admin.column.conversions" />
          </Column>
          <Column id="tts">
            <FormattedMessage id="admin.column.tts" />
          </Column>
          <Column id="storage">
            <FormattedMessage id="admin.column.storage" />
          </Column>
          <Column id="last">
            <FormattedMessage id="admin.column.lastActivity" />
          </Column>
          <Column id="created" allowsSorting>
            <FormattedMessage id="admin.column.created" />
          </Column>
        </TableHeader>
        <TableBody
          items={rows}
          renderEmptyState={() => (
            <Text tone="muted">
              <FormattedMessage id="admin.users.empty" />
            </Text>
          )}
        >
          {({ user, usage: row }) => {
            const name = `${user.first_name} ${user.last_name}`.trim() || user.username;
            return (
              <Row id={user.id} textValue={name} href={`/users/${user.id}`}>
                <Cell>{name}</Cell>
                <Cell>{user.email}</Cell>
                <Cell>
                  <TrustBadge level={user.t_level} />
                </Cell>
                <Cell>
                  <PlanLabel user={user} usage={row} />
                </Cell>
                <Cell>{usage(row, (r) => intl.formatNumber(minutesOf(r.seconds_converted)))}</Cell>
                <Cell>{usage(row, (r) => intl.formatNumber(r.conversions))}</Cell>
                <Cell>{usage(row, (r) => intl.formatNumber(r.tts_characters))}</Cell>
                <Cell>{usage(row, (r) => formatSize(r.storage_bytes))}</Cell>
                <Cell>
                  {usage(row, (r) =>
                    r.last_activity_at
                      ? formatDate(r.last_activity_at)
                      : intl.formatMessage({ id: 'admin.usage.none' }),
                  )}
                </Cell>
                <Cell>{user.created_at ? formatDate(user.created_at) : ''}</Cell>
              </Row>
            );
          }}
        </TableBody>
      </Table>
      {total > USERS_PAGE_SIZE ? (
        <Pagination page={page} pageSize={USERS_PAGE_SIZE} total={total} onPageChange={onPage} />
      ) : null}
    </>
  );
}
