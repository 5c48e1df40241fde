import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Cell, Column, Row, Table, TableBody, TableHeader, Text } from '../../../../design-system/index.ts';
import type { Group } from '../api/admin-api.ts';

export interface GroupsTableProps {
  groups: Group[];
  /** Show the users table with this group's members. */
  onShowMembers: (group: Group) => void;
}

/** The groups the search found, with their live member counts; each opens its members in the users table. */
export function GroupsTable({ groups, onShowMembers }: GroupsTableProps) {
  const intl = useIntl();
  return (
    <Table aria-label={intl.formatMessage({ id: 'admin.groups.table' })}>
      <TableHeader>
        <Column id="name" isRowHeader>
          <FormattedMessage id="admin.groups.column.name" />
        </Column>
        <Column id="members">
          <FormattedMessage id="admin.groups.column.members" />
        </Column>
        <Column id="actions">
          <FormattedMessage id="admin.groups.showMembers" />
        </Column>
      </TableHeader>
      <TableBody
        items={groups}
        renderEmptyState={() => (
          <Text tone="muted">
            <FormattedMessage id="admin.groups.empty" />
          </Text>
        )}
      >
        {(group) => (
          <Row id={group.id} textValue={group.name}>
            <Cell>{group.name}</Cell>
            <Cell>{intl.formatNumber(group.user_count)}</Cell>
            <Cell>
              <Button variant="secondary" size="sm" onPress={() => onShowMembers(group)}>
                <FormattedMessage id="admin.groups.showMembers" />
              </Button>
            </Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
