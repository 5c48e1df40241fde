import { useMachine } from '@xstate/react';
import { useRef, useState } from 'react';
import type { Key } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  Button,
  Inline,
  PageBlock,
  PageHeader,
  SearchField,
  Stack,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  Text,
  useAnnounceChange,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { withUsage } from '../admin-rules.ts';
import { usersSearchMachine } from '../machines/users-search.machine.ts';
import { FlagsPanel } from './flags-panel.tsx';
import { GroupsTable } from './groups-table.tsx';
import { ErrorsPanel } from './errors-panel.tsx';
import { ReportsQueue } from './reports-queue.tsx';
import { UsagePanel } from './usage-panel.tsx';
import { UsersTable } from './users-table.tsx';

export interface AdminPageProps {
  /**
   * The A/B player's media element (stories use a muted 'video').
   * @default 'audio'
   */
  mediaElement?: 'audio' | 'video';
}

/**
 * /users, the admin console (admins only; the route shows everyone else the not-found page): one search
 * over users and groups, the users table with trust, plan and usage, the groups with their member counts
 * (each opens its members), the queue of reports users send, the usage funnel and page views, the feature
 * flags and the error reports.
 */
export function AdminPage({ mediaElement }: AdminPageProps) {
  const intl = useIntl();
  const api = useApi();
  const heading = useRef<HTMLHeadingElement>(null);
  const [state, send] = useMachine(usersSearchMachine, { input: { api } });
  const [tab, setTab] = useState<Key>('users');
  const c = state.context;
  const loading = state.matches('loading');
  const count = intl.formatMessage({ id: 'admin.users.count' }, { count: c.total });
  // Said after a search the admin made, not on arrival.
  useAnnounceChange(c.search, loading || c.failed ? null : count);

  return (
    <PageBlock width="large" gap="lg">
      <PageHeader
        title={<FormattedMessage id="admin.title" />}
        description={<FormattedMessage id="admin.lead" />}
        titleRef={heading}
        titleFocusable
      />
      <div role="search" aria-label={intl.formatMessage({ id: 'admin.search.label' })}>
        <SearchField
          label={intl.formatMessage({ id: 'admin.search.label' })}
          onSubmit={(value) => send({ type: 'search.text', search: value.trim() })}
          onClear={() => send({ type: 'search.text', search: '' })}
        />
      </div>
      <Tabs selectedKey={tab} onSelectionChange={setTab}>
        <TabList aria-label={intl.formatMessage({ id: 'admin.tabs.label' })}>
          <Tab id="users">
            <FormattedMessage id="admin.tab.users" />
          </Tab>
          <Tab id="groups">
            <FormattedMessage id="admin.tab.groups" />
          </Tab>
          <Tab id="reports">
            <FormattedMessage id="admin.tab.reports" />
          </Tab>
          <Tab id="usage">
            <FormattedMessage id="admin.tab.usage" />
          </Tab>
          <Tab id="flags">
            <FormattedMessage id="admin.tab.flags" />
          </Tab>
          {/* Last: the app's and the server's error reports (issue 19). */}
          <Tab id="errors">
            <FormattedMessage id="admin.tab.errors" />
          </Tab>
        </TabList>
        <TabPanel id="users">
          <Stack gap="md">
            {c.group ? (
              <Inline gap="md" align="center">
                <Text>
                  <FormattedMessage id="admin.groups.filtered" values={{ name: c.group.name }} />
                </Text>
                <Button variant="secondary" size="sm" onPress={() => send({ type: 'search.group', group: null })}>
                  <FormattedMessage id="admin.groups.clear" />
                </Button>
              </Inline>
            ) : null}
            <Text tone="muted" role="status" aria-live="off">
              {c.failed ? intl.formatMessage({ id: 'admin.searchFailed' }) : count}
            </Text>
            <UsersTable
              rows={withUsage(c.users, c.usage)}
              total={c.total}
              page={c.page}
              sort={c.sort}
              direction={c.direction}
              usageFailed={c.usageFailed}
              onSort={(sort, direction) => send({ type: 'search.sort', sort, direction })}
              onPage={(page) => send({ type: 'search.page', page })}
            />
          </Stack>
        </TabPanel>
        <TabPanel id="groups">
          <GroupsTable
            groups={c.groups}
            onShowMembers={(group) => {
              send({ type: 'search.group', group });
              setTab('users');
            }}
          />
        </TabPanel>
        <TabPanel id="reports">
          <ReportsQueue mediaElement={mediaElement} headingLevel={2} />
        </TabPanel>
        <TabPanel id="usage">
          <UsagePanel />
        </TabPanel>
        <TabPanel id="flags">
          <FlagsPanel />
        </TabPanel>
        <TabPanel id="errors">
          <ErrorsPanel />
        </TabPanel>
      </Tabs>
    </PageBlock>
  );
}
