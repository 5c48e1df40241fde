import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import {
  Card,
  Cell,
  Column,
  formatDate,
  formatSize,
  Heading,
  Link,
  PageBlock,
  PageHeader,
  Row,
  Stack,
  Table,
  TableBody,
  TableHeader,
  Text,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { failureMessage } from '../../../machines/index.ts';
import {
  eventsOf,
  getUser,
  listAudit,
  ownersOf,
  projectsOf,
  usageOf,
  type AdminUser,
  type AuditEntry,
  type Owner,
  type Project,
  type UsageRow,
  type UserEvent,
} from '../api/admin-api.ts';
import { minutesOf } from '../admin-rules.ts';
import { AuditList } from './audit-list.tsx';
import { UserCustomPlan } from './user-custom-plan.tsx';
import { PlanLabel } from './plan-label.tsx';
import { ReportsQueue } from './reports-queue.tsx';
import { TrustBadge } from './trust-badge.tsx';
import { TrustForm } from './trust-form.tsx';
import { UserActivity } from './user-activity.tsx';

interface Loaded {
  user: AdminUser;
  usage: UsageRow | null;
  projects: Project[];
  owners: Map<string, Owner>;
  /** The user's latest activity; null when it could not be loaded (the rest of the page still shows). */
  events: UserEvent[] | null;
}

export interface UserDetailPageProps {
  /**
   * The A/B player's media element (stories use a muted 'video').
   * @default 'audio'
   */
  mediaElement?: 'audio' | 'video';
}

/**
 * /users/{id} (admins only): a user's profile, plan, usage (POST /api/stats/users), projects with their
 * owners (POST /api/v3/owners), the trust level ("T-Level updated!"), a Custom plan, their reports and
 * the audit entries about them.
 */
export function UserDetailPage({ mediaElement }: UserDetailPageProps) {
  const { userId = '' } = useParams();
  const intl = useIntl();
  const api = useApi();
  const heading = useRef<HTMLHeadingElement>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [audit, setAudit] = useState<AuditEntry[]>([]);

  const loadAudit = useCallback(
    async () => setAudit((await listAudit(api, { user_id: userId, limit: 100, offset: 0 })).items),
    [api, userId],
  );

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      try {
        const [user, usage, projects, events] = await Promise.all([
          getUser(api, userId, { signal }),
          usageOf(api, [userId], { signal }),
          projectsOf(api, userId, { signal }),
          eventsOf(api, userId, { signal }).catch(() => null),
        ]);
        const owners = await ownersOf(api, [...new Set(projects.items.map((p) => p.owner))], { signal });
        setLoaded({
          user,
          usage: usage[0] ?? null,
          projects: projects.items,
          owners: new Map(owners.map((o) => [o.id, o])),
          events,
        });
        await loadAudit();
      } catch (e) {
        if (!signal.aborted) setError(failureMessage(e));
      }
    })();
    return () => controller.abort();
  }, [api, userId, loadAudit]);

  const changed = (user: AdminUser) => {
    setLoaded((l) => (l ? { ...l, user } : l));
    void loadAudit();
  };

  if (!loaded) {
    return (
      <PageBlock width="large" gap="lg">
        <PageHeader title={<FormattedMessage id="admin.title" />} titleRef={heading} titleFocusable />
        <Text tone={error ? 'critical' : 'muted'} role="status">
          {error ? `${intl.formatMessage({ id: 'admin.detail.loadFailed' })} ${error}` : ''}
        </Text>
        <Link href="/users">
          <FormattedMessage id="admin.detail.back" />
        </Link>
      </PageBlock>
    );
  }

  const { user, usage, projects, owners, events } = loaded;
  const name = `${user.first_name} ${user.last_name}`.trim() || user.username;
  const yes = (v: boolean) => intl.formatMessage({ id: v ? 'admin.detail.yes' : 'admin.detail.no' });
  const fact = (label: string, value: React.ReactNode) => (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
  return (
    <PageBlock width="large" gap="lg">
      <Link href="/users">
        <FormattedMessage id="admin.detail.back" />
      </Link>
      <PageHeader title={name} titleRef={heading} titleFocusable description={<TrustBadge level={user.t_level} />} />
      <Card>
        <Stack gap="sm">
          <Heading level={2}>
            <FormattedMessage id="admin.detail.profile" />
          </Heading>
          <dl>
            {fact(intl.formatMessage({ id: 'admin.detail.email' }), user.email)}
            {fact(intl.formatMessage({ id: 'admin.detail.username' }), user.username)}
            {fact(intl.formatMessage({ id: 'admin.detail.roles' }), user.roles.join(', '))}
            {fact(intl.formatMessage({ id: 'admin.detail.verified' }), yes(user.verified))}
            {fact(
              intl.formatMessage({ id: 'admin.detail.groups' }),
              user.groups.map((g) => g.name).join(', ') || intl.formatMessage({ id: 'admin.detail.noGroups' }),
            )}
            {user.created_at
              ? fact(intl.formatMessage({ id: 'admin.column.created' }), formatDate(user.created_at))
              : null}
          </dl>
          <TrustForm key={user.t_level} user={user} onChanged={changed} />
        </Stack>
      </Card>
      <Card>
        <Stack gap="sm">
          <Heading level={2}>
            <FormattedMessage id="admin.detail.plan" />
          </Heading>
          <Text>
            <PlanLabel user={user} usage={usage} />
            {user.data.stripe.subscription_status ? (
              <>
                {' · '}
                <FormattedMessage id="admin.plan.status" values={{ status: user.data.stripe.subscription_status }} />
              </>
            ) : null}
          </Text>
          <Heading level={3}>
            <FormattedMessage id="admin.custom.heading" />
          </Heading>
          <UserCustomPlan user={user} onChanged={changed} />
        </Stack>
      </Card>
      <Card>
        <Stack gap="sm">
          <Heading level={2}>
            <FormattedMessage id="admin.detail.usage" />
          </Heading>
          {usage ? (
            <dl>
              {fact(
                intl.formatMessage({ id: 'admin.column.minutes' }),
                intl.formatNumber(minutesOf(usage.seconds_converted)),
              )}
              {fact(intl.formatMessage({ id: 'admin.column.conversions' }), intl.formatNumber(usage.conversions))}
              {fact(intl.formatMessage({ id: 'admin.column.tts' }), intl.formatNumber(usage.tts_characters))}
              {fact(intl.formatMessage({ id: 'admin.column.storage' }), formatSize(usage.storage_bytes))}
              {fact(
                intl.formatMessage({ id: 'admin.column.lastActivity' }),
                usage.last_activity_at
                  ? formatDate(usage.last_activity_at)
                  : intl.formatMessage({ id: 'admin.usage.none' }),
              )}
            </dl>
          ) : (
            <Text tone="muted">
              <FormattedMessage id="admin.usage.failed" />
            </Text>
          )}
        </Stack>
      </Card>
      <Card>
        <Stack gap="sm">
          <Heading level={2}>
            <FormattedMessage id="admin.detail.projects" />
          </Heading>
          <Table aria-label={intl.formatMessage({ id: 'admin.detail.projects.table' }, { name })}>
            <TableHeader>
              <Column id="name" isRowHeader>
                <FormattedMessage id="admin.column.name" />
              </Column>
              <Column id="owner">
                <FormattedMessage id="admin.detail.owner" />
              </Column>
              <Column id="created">
                <FormattedMessage id="admin.column.created" />
              </Column>
            </TableHeader>
            <TableBody
              items={projects}
              renderEmptyState={() => (
                <Text tone="muted">
                  <FormattedMessage id="admin.detail.projectsEmpty" />
                </Text>
              )}
            >
              {(project) => {
                const owner = owners.get(project.owner);
                return (
                  <Row id={project.id} textValue={project.name}>
                    <Cell>{project.name}</Cell>
                    <Cell>
                      {owner ? `${owner.first_name} ${owner.last_name} (${owner.email})` : project.owner_name}
                    </Cell>
                    <Cell>{formatDate(project.created_at)}</Cell>
                  </Row>
                );
              }}
            </TableBody>
          </Table>
        </Stack>
      </Card>
      <Card>
        <Stack gap="sm">
          <Heading level={2}>
            <FormattedMessage id="admin.detail.activity" />
          </Heading>
          {events ? (
            <UserActivity name={name} events={events} />
          ) : (
            <Text tone="critical">
              <FormattedMessage id="admin.activity.failed" />
            </Text>
          )}
        </Stack>
      </Card>
      <Card>
        <Stack gap="sm">
          <Heading level={2}>
            <FormattedMessage id="admin.detail.reports" />
          </Heading>
          <ReportsQueue
            userId={user.id}
            defaultFilter="all"
            mediaElement={mediaElement}
            onChanged={() => void loadAudit()}
          />
        </Stack>
      </Card>
      <Card>
        <Stack gap="sm">
          <Heading level={2}>
            <FormattedMessage id="admin.detail.audit" />
          </Heading>
          <AuditList entries={audit} />
        </Stack>
      </Card>
    </PageBlock>
  );
}
