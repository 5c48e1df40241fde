import { FormattedMessage, useIntl } from 'react-intl';
import {
  Cell,
  Column,
  formatDateTime,
  Row,
  Table,
  TableBody,
  TableHeader,
  Text,
} from '../../../../design-system/index.ts';
import type { MessageId } from '../../../i18n/index.ts';
import type { UserEvent } from '../api/admin-api.ts';

export interface UserActivityProps {
  /** The user's name, for the table's label. */
  name: string;
  events: UserEvent[];
}

/** The usage events the app names at the funnel's steps; any other event shows by its own name. */
const NAMED_EVENTS = new Set([
  'page_view',
  'sign_up',
  'login',
  'verified',
  'trial_started',
  'upload_finished',
  'order_placed',
  'conversion_finished',
  'checkout_started',
  'subscribed',
]);

/**
 * A user's latest activity as the app reported it (GET /api/v3/users/{id}/events, issue 19): each page they
 * opened and each step of the funnel they reached, newest first, with when and where. Staff members' events
 * say so. Admins' own activity is never tracked.
 */
export function UserActivity({ name, events }: UserActivityProps) {
  const intl = useIntl();
  const label = (event: string) =>
    NAMED_EVENTS.has(event) ? intl.formatMessage({ id: `admin.activity.event.${event}` as MessageId }) : event;
  return (
    <Table aria-label={intl.formatMessage({ id: 'admin.activity.table' }, { name })}>
      <TableHeader>
        <Column id="when">
          <FormattedMessage id="admin.activity.when" />
        </Column>
        <Column id="event" isRowHeader>
          <FormattedMessage id="admin.activity.event" />
        </Column>
        <Column id="page">
          <FormattedMessage id="admin.activity.page" />
        </Column>
      </TableHeader>
      <TableBody
        items={events}
        renderEmptyState={() => (
          <Text tone="muted">
            <FormattedMessage id="admin.activity.empty" />
          </Text>
        )}
      >
        {(event) => (
          <Row id={event.id} textValue={label(event.event)}>
            <Cell>{formatDateTime(event.created_at)}</Cell>
            <Cell>
              {label(event.event)}
              {event.properties.staff === true ? ` · ${intl.formatMessage({ id: 'admin.activity.staff' })}` : ''}
            </Cell>
            <Cell>
              {event.page ?? '—'}
              {event.origin ? ` ${intl.formatMessage({ id: 'admin.activity.from' }, { origin: event.origin })}` : ''}
            </Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
