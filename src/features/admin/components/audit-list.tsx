import { FormattedMessage, useIntl } from 'react-intl';
import { formatDateTime, Stack, Text } from '../../../../design-system/index.ts';
import type { AuditEntry } from '../api/admin-api.ts';
import { trustOf } from '../admin-rules.ts';

export interface AuditListProps {
  entries: AuditEntry[];
}

/** One side of a change in words: a trust level by its colour's words, a status or plan by its value. */
function useValueText() {
  const intl = useIntl();
  return (value: unknown): string => {
    if (value === null || value === undefined) return intl.formatMessage({ id: 'admin.audit.nothing' });
    if (typeof value === 'object') {
      const v = value as Record<string, unknown>;
      if (typeof v.t_level === 'number') return intl.formatMessage({ id: trustOf(v.t_level).label });
      if (typeof v.status === 'string') return intl.formatMessage({ id: 'admin.reports.status' }, { status: v.status });
      if (typeof v.plan === 'string') return v.plan;
    }
    return JSON.stringify(value);
  };
}

/** The audit entries (who, what, when, before → after), newest first, as the server gives them. */
export function AuditList({ entries }: AuditListProps) {
  const intl = useIntl();
  const text = useValueText();
  if (entries.length === 0) {
    return (
      <Text tone="muted">
        <FormattedMessage id="admin.audit.empty" />
      </Text>
    );
  }
  return (
    <Stack as="ul" gap="xs">
      {entries.map((entry) => (
        <li key={entry.id}>
          <Text>
            <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>{' '}
            {intl.formatMessage(
              { id: 'admin.audit.entry' },
              {
                actor: entry.actor
                  ? `${entry.actor.first_name} ${entry.actor.last_name}`.trim() || entry.actor.email
                  : intl.formatMessage({ id: 'admin.audit.someone' }),
                what: intl.formatMessage({ id: 'admin.audit.what' }, { action: entry.action.replace('.', '_') }),
                before: text(entry.before),
                after: text(entry.after),
              },
            )}
          </Text>
        </li>
      ))}
    </Stack>
  );
}
