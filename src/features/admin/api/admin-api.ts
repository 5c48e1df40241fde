import type { components as Auth, operations as AuthOps } from '../../../../openapi/generated/auth.js';
import type { components as Market } from '../../../../openapi/generated/marketplace.js';
import { body, type ApiClients } from '../../../api/index.ts';

export type AdminUser = Auth['schemas']['User'];
export type UserPage = Auth['schemas']['UserPage'];
export type Group = Auth['schemas']['Group'];
export type GroupPage = Auth['schemas']['GroupPage'];
export type Owner = Auth['schemas']['Owner'];
export type TrustLevel = Auth['schemas']['TrustLevel'];
export type Report = Auth['schemas']['Report'];
export type ReportPage = Auth['schemas']['ReportPage'];
export type EventsSummary = Auth['schemas']['EventsSummary'];
export type FunnelStep = Auth['schemas']['FunnelStep'];
export type ReportKind = Auth['schemas']['ReportKind'];
export type ReportStatus = Auth['schemas']['ReportStatus'];
export type AuditEntry = Auth['schemas']['AuditEntry'];
export type AuditPage = Auth['schemas']['AuditPage'];
export type UserEvent = Auth['schemas']['UserEvent'];
export type ErrorReport = Auth['schemas']['ErrorReport'];
export type ErrorReportPage = Auth['schemas']['ErrorReportPage'];
export type CustomPlanRequest = Auth['schemas']['CustomPlanRequest'];
export type UserSort = Auth['schemas']['UserSort'];
export type UsageRow = Market['schemas']['UserUsageRow'];
export type UsagePage = Market['schemas']['UserUsagePage'];
export type Project = Market['schemas']['Project'];
export type ProjectPage = Market['schemas']['ProjectPage'];
export type Direction = 'asc' | 'desc';
type Options = { signal?: AbortSignal };

/** GET /api/v3/users: one page of users, sorted and searched. */
export async function listUsers(
  api: ApiClients,
  query: NonNullable<AuthOps['listUsers']['parameters']['query']>,
  options: Options = {},
): Promise<UserPage> {
  const { data } = await api.auth.GET('/api/v3/users', { params: { query }, signal: options.signal });
  return body(data);
}

/** GET /api/v3/groups: one page of groups with their member counts. */
export async function listGroups(
  api: ApiClients,
  query: NonNullable<AuthOps['listGroups']['parameters']['query']>,
  options: Options = {},
): Promise<GroupPage> {
  const { data } = await api.auth.GET('/api/v3/groups', { params: { query }, signal: options.signal });
  return body(data);
}

/** POST /api/stats/users for the users named (the page shown): their usage, in any order. */
export async function usageOf(api: ApiClients, ownerIds: string[], options: Options = {}): Promise<UsageRow[]> {
  if (ownerIds.length === 0) return [];
  const { data } = await api.marketplace.POST('/api/stats/users', {
    body: { owner_ids: ownerIds, limit: Math.min(100, ownerIds.length), offset: 0 },
    signal: options.signal,
  });
  return body(data).items;
}

/** GET /api/v3/users/{id} */
export async function getUser(api: ApiClients, id: string, options: Options = {}): Promise<AdminUser> {
  const { data } = await api.auth.GET('/api/v3/users/{id}', { params: { path: { id } }, signal: options.signal });
  return body(data);
}

/** GET /api/v3/events/summary: page views per day and the funnel's counts of the last `days` days. */
export async function getEventsSummary(api: ApiClients, days: number, options: Options = {}): Promise<EventsSummary> {
  const { data } = await api.auth.GET('/api/v3/events/summary', {
    params: { query: { days } },
    signal: options.signal,
  });
  return body(data);
}

/** PATCH /api/v3/{userId}/trust: the user as it now is. */
export async function setTrust(api: ApiClients, userId: string, level: TrustLevel): Promise<AdminUser> {
  const { data } = await api.auth.PATCH('/api/v3/{userId}/trust', {
    params: { path: { userId } },
    body: { t_level: level },
  });
  return body(data);
}

/** PUT /api/v3/users/{id}/plan: the user on a Custom plan. */
export async function setCustomPlan(api: ApiClients, id: string, plan: CustomPlanRequest): Promise<AdminUser> {
  const { data } = await api.auth.PUT('/api/v3/users/{id}/plan', { params: { path: { id } }, body: plan });
  return body(data);
}

/** GET /api/projects?owner=: a user's live projects (an admin may name any owner). */
export async function projectsOf(api: ApiClients, owner: string, options: Options = {}): Promise<ProjectPage> {
  const { data } = await api.marketplace.GET('/api/projects', {
    params: { query: { owner, limit: 40, offset: 0, sort: 'created_at', direction: 'desc', state: 'active' } },
    signal: options.signal,
  });
  return body(data);
}

/** POST /api/v3/owners: the owners named, in the order asked. */
export async function ownersOf(api: ApiClients, ids: string[], options: Options = {}): Promise<Owner[]> {
  if (ids.length === 0) return [];
  const { data } = await api.auth.POST('/api/v3/owners', { body: { ids }, signal: options.signal });
  return body(data).items;
}

/** GET /api/v3/reports */
export async function listReports(
  api: ApiClients,
  query: NonNullable<AuthOps['listReports']['parameters']['query']>,
  options: Options = {},
): Promise<ReportPage> {
  const { data } = await api.auth.GET('/api/v3/reports', { params: { query }, signal: options.signal });
  return body(data);
}

/** PATCH /api/v3/reports/{kind}/{id} */
export async function setReportStatus(
  api: ApiClients,
  report: Pick<Report, 'kind' | 'id'>,
  status: ReportStatus,
): Promise<Report> {
  const { data } = await api.auth.PATCH('/api/v3/reports/{kind}/{id}', {
    params: { path: { kind: report.kind, id: report.id } },
    body: { status },
  });
  return body(data);
}

/** GET /api/v3/audit */
/** GET /api/v3/users/{id}/events: the user's latest usage events and page views, newest first. */
export async function eventsOf(api: ApiClients, userId: string, options: Options = {}): Promise<UserEvent[]> {
  const { data } = await api.auth.GET('/api/v3/users/{id}/events', {
    params: { path: { id: userId }, query: { limit: 100 } },
    signal: options.signal,
  });
  return body(data).items;
}

export async function listAudit(
  api: ApiClients,
  query: NonNullable<AuthOps['listAuditEntries']['parameters']['query']>,
  options: Options = {},
): Promise<AuditPage> {
  const { data } = await api.auth.GET('/api/v3/audit', { params: { query }, signal: options.signal });
  return body(data);
}

/** GET /api/v3/admin/errors: one page of the grouped error reports, most recently seen first. */
export async function listErrorReports(
  api: ApiClients,
  query: { limit: number; offset: number },
  options: Options = {},
): Promise<ErrorReportPage> {
  const { data } = await api.auth.GET('/api/v3/admin/errors', { params: { query }, signal: options.signal });
  return body(data);
}

export type FeatureFlag = Auth['schemas']['FeatureFlag'];
export type FeatureFlagRequest = Auth['schemas']['FeatureFlagRequest'];
export type FlagPlan = Auth['schemas']['FlagPlan'];

/** GET /api/v3/admin/flags: the embedded feature flags, by key. */
export async function listFeatureFlags(api: ApiClients, options: Options = {}): Promise<FeatureFlag[]> {
  const { data } = await api.auth.GET('/api/v3/admin/flags', { signal: options.signal });
  return body(data).items;
}

/** DELETE /api/v3/admin/flags/{key}: the app's SDK then uses the app's own default for it. */
export async function deleteFeatureFlag(api: ApiClients, key: string): Promise<void> {
  await api.auth.DELETE('/api/v3/admin/flags/{key}', { params: { path: { key } } });
}

/** PUT /api/v3/admin/flags/{key}: creates or replaces a flag; the app's SDK sees it at its next fetch. */
export async function saveFeatureFlag(api: ApiClients, key: string, flag: FeatureFlagRequest): Promise<FeatureFlag> {
  const { data } = await api.auth.PUT('/api/v3/admin/flags/{key}', { params: { path: { key } }, body: flag });
  return body(data);
}
