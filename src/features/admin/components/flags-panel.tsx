import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  Button,
  Cell,
  Column,
  formatDate,
  LoadState,
  Modal,
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
import { listFeatureFlags, type FeatureFlag } from '../api/admin-api.ts';
import { FlagDialog, planLabelId } from './flag-dialog.tsx';

/**
 * The admin console's Flags tab (issue 19): the embedded feature flags (GET /api/v3/admin/flags) with their
 * default, their rules in words and the last edit; a row's action (Enter, or a click) opens the flag's dialog, as
 * New flag opens an empty one, and a saved flag replaces its row.
 */
export function FlagsPanel() {
  const intl = useIntl();
  const api = useApi();
  const flags = useResource(['feature-flags'], (signal) => listFeatureFlags(api, { signal }));
  const [editing, setEditing] = useState<FeatureFlag | 'new' | null>(null);

  const onOff = (on: boolean) => intl.formatMessage({ id: on ? 'admin.flags.on' : 'admin.flags.off' });
  const rulesOf = (flag: FeatureFlag) =>
    flag.rules.length === 0
      ? intl.formatMessage({ id: 'admin.flags.noRules' })
      : flag.rules
          .map((rule) =>
            intl.formatMessage(
              { id: 'admin.flags.ruleSummary' },
              {
                value: onOff(rule.value),
                targets: intl.formatList(
                  [
                    ...(rule.user_ids.length
                      ? [intl.formatMessage({ id: 'admin.flags.ruleUsers' }, { count: rule.user_ids.length })]
                      : []),
                    ...rule.plans.map((plan) => intl.formatMessage({ id: planLabelId(plan) })),
                  ],
                  { type: 'disjunction' },
                ),
              },
            ),
          )
          .join('; ');

  return (
    <Stack gap="md">
      <Text tone="muted" id="admin-flags-hint">
        <FormattedMessage id="admin.flags.lead" />
      </Text>
      <div>
        <Button variant="secondary" onPress={() => setEditing('new')}>
          <FormattedMessage id="admin.flags.new" />
        </Button>
      </div>
      <LoadState
        status={flags.status}
        loading={<FormattedMessage id="admin.flags.loading" />}
        placeholder={<Skeleton height="8rem" />}
        error={
          flags.status === 'error' ? intl.formatMessage({ id: 'admin.flags.failed' }, { reason: flags.message }) : null
        }
        onRetry={flags.retry}
        retryLabel={<FormattedMessage id="admin.flags.retry" />}
      >
        {flags.status === 'ready' ? (
          <Table
            aria-label={intl.formatMessage({ id: 'admin.flags.tableLabel' })}
            aria-describedby="admin-flags-hint"
            onRowAction={(key) => setEditing(flags.value.find((flag) => flag.key === key) ?? null)}
          >
            <TableHeader>
              <Column isRowHeader>
                <FormattedMessage id="admin.flags.key" />
              </Column>
              <Column>
                <FormattedMessage id="admin.flags.description" />
              </Column>
              <Column>
                <FormattedMessage id="admin.flags.default" />
              </Column>
              <Column>
                <FormattedMessage id="admin.flags.rules" />
              </Column>
              <Column>
                <FormattedMessage id="admin.flags.updated" />
              </Column>
            </TableHeader>
            <TableBody items={flags.value} renderEmptyState={() => intl.formatMessage({ id: 'admin.flags.empty' })}>
              {(flag) => (
                <Row id={flag.key} textValue={flag.key}>
                  <Cell>
                    <code>{flag.key}</code>
                  </Cell>
                  <Cell>{flag.description}</Cell>
                  <Cell>{onOff(flag.default_value)}</Cell>
                  <Cell>{rulesOf(flag)}</Cell>
                  <Cell>
                    {flag.updated_by
                      ? intl.formatMessage(
                          { id: 'admin.flags.updatedBy' },
                          { date: formatDate(flag.updated_at), name: flag.updated_by.email },
                        )
                      : formatDate(flag.updated_at)}
                  </Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        ) : null}
      </LoadState>
      <Modal
        isOpen={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        isDismissable
        size="lg"
      >
        {editing === null ? null : (
          <FlagDialog
            flag={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              flags.update((list) =>
                list.some((f) => f.key === saved.key)
                  ? list.map((f) => (f.key === saved.key ? saved : f))
                  : [...list, saved].sort((a, b) => a.key.localeCompare(b.key)),
              );
              setEditing(null);
            }}
            onDeleted={(key) => {
              flags.update((list) => list.filter((f) => f.key !== key));
              setEditing(null);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
