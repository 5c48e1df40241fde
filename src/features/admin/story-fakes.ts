import { testUser, uuid, type FakeRoutes } from '../../api/testing/index.ts';
import type {
  AdminUser,
  AuditEntry,
  ErrorReport,
  EventsSummary,
  FeatureFlag,
  Group,
  Report,
  ReportStatus,
  UsageRow,
  UserEvent,
} from './api/admin-api.ts';

/**
 * Typed fixtures and a small in-memory admin server for the console's stories and tests: users (searched,
 * sorted, paged, by group), groups, usage, trust changes, reports and the audit log, answered as the
 * contract says. Only the network is fake; the screens, API clients and middleware run for real.
 */

export function makeAdminUser(n: number, first: string, last: string, extra: Partial<AdminUser> = {}): AdminUser {
  const base = testUser({ first_name: first });
  const username = `${first.toLowerCase()}-${n}`;
  return { ...base, id: uuid(n), username, email: `${username}@example.test`, last_name: last, ...extra };
}

export function makeUsage(userId: string, extra: Partial<UsageRow> = {}): UsageRow {
  return {
    user_id: userId,
    username: 'user',
    email: 'user@example.test',
    projects: 1,
    folders: 1,
    originals: 2,
    conversions: 2,
    seconds_converted: 90,
    tts_characters: 0,
    storage_bytes: 2_000_000,
    last_activity_at: '2026-01-05T10:30:00.000Z',
    plan: null,
    ...extra,
  };
}

export function makeReport(
  n: number,
  extra: Partial<Omit<Report, 'user'>> & { t_level?: 0 | 1 | 2 | 3; user?: Report['user'] } = {},
): Report {
  const { t_level = 0, ...rest } = extra;
  return {
    id: uuid(700 + n),
    kind: 'conversion_issue',
    status: 'new',
    description: `Report ${n}`,
    created_at: `2026-01-0${Math.min(9, n)}T10:00:00.000Z`,
    user: {
      id: uuid(n),
      username: `user-${n}`,
      email: `user-${n}@example.test`,
      first_name: 'Ada',
      last_name: 'L',
      t_level,
    },
    conversion: null,
    feedback: null,
    ...rest,
  };
}

export function makeErrorReport(n: number, extra: Partial<ErrorReport> = {}): ErrorReport {
  return {
    id: uuid(950 + n),
    platform: 'browser',
    type: 'Error',
    message: `Error ${n}`,
    stack: `at render (https://timbre.example/assets/page-${n}.js:12:7)\nat renderWithHooks (https://timbre.example/assets/vendor.js:1:100)`,
    route: '/projects',
    release: 'timbre@0.1.0',
    environment: 'staging',
    level: 'error',
    count: 1,
    last_event_id: `${n}`.padStart(32, '0'),
    first_seen: '2026-01-05T10:00:00.000Z',
    last_seen: `2026-01-0${Math.min(9, n)}T10:30:00.000Z`,
    ...extra,
  };
}

export interface AdminState {
  users: AdminUser[];
  groups: Group[];
  /** Group id → member ids. */
  members?: Record<string, string[]>;
  usage: UsageRow[];
  reports: Report[];
  audit: AuditEntry[];
  /** What GET /api/v3/events/summary answers (the Usage tab); without it, a failure. */
  summary?: EventsSummary;
  /** User id → what GET /api/v3/users/{id}/events answers (the user page's Activity); none means an empty list. */
  events?: Record<string, UserEvent[]>;
  /** The grouped error reports (the Errors tab), most recently seen first. */
  errors?: ErrorReport[];
  /** Make the users or groups call fail (the search error). */
  failUsers?: boolean;
  /** The feature flags (the Flags tab); without them, the app's two seeded flags. */
  flags?: FeatureFlag[];
}

/** The embedded service's seeded flags, as GET /api/v3/admin/flags lists them. */
export function seededFlags(): FeatureFlag[] {
  return [
    {
      key: 'new-dashboard',
      description: 'The new home dashboard: a summary strip on top.',
      default_value: false,
      rules: [],
      updated_at: '2026-01-02T10:00:00.000Z',
      updated_by: null,
    },
    {
      key: 'nps-survey',
      description: 'Offer the NPS survey after the fifth finished conversion.',
      default_value: true,
      rules: [{ id: 'no-trials', user_ids: [], plans: ['trial'], value: false }],
      updated_at: '2026-01-02T10:00:00.000Z',
      updated_by: null,
    },
  ];
}

const page = <T>(items: T[], offset: number, limit: number) => ({
  total: items.length,
  offset,
  limit,
  items: items.slice(offset, offset + limit),
});

export function adminRoutes(state: AdminState, admin: AdminUser): FakeRoutes {
  const audit = (entry: Omit<AuditEntry, 'id' | 'created_at' | 'actor'>) =>
    state.audit.unshift({
      ...entry,
      id: uuid(900 + state.audit.length),
      created_at: new Date().toISOString(),
      actor: {
        id: admin.id,
        username: admin.username,
        email: admin.email,
        first_name: admin.first_name,
        last_name: admin.last_name,
      },
    });
  return {
    'GET /api/v3/users': ({ query }) => {
      if (state.failUsers) return { status: 500, body: { detail: 'Database unavailable' } };
      const search = (query.get('search') ?? '').toLowerCase();
      const group = query.get('group_id');
      const sort = query.get('sort') ?? 'created_at';
      const dir = query.get('direction') === 'asc' ? 1 : -1;
      let users = state.users.filter((u) =>
        [u.email, u.username, u.first_name, u.last_name, `${u.first_name} ${u.last_name}`].some((v) =>
          v.toLowerCase().includes(search),
        ),
      );
      if (group) users = users.filter((u) => state.members?.[group]?.includes(u.id));
      const key = (u: AdminUser) =>
        sort === 't_level' ? u.t_level : sort === 'created_at' ? u.id : String(u[sort as 'email']);
      users = [...users].sort((a, b) => (key(a) < key(b) ? -dir : key(a) > key(b) ? dir : 0));
      return { status: 200, body: page(users, Number(query.get('offset') ?? 0), Number(query.get('limit') ?? 40)) };
    },
    'GET /api/v3/events/summary': () =>
      state.summary
        ? { status: 200, body: state.summary }
        : { status: 500, body: { type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'Boom' } },
    'GET /api/v3/admin/errors': ({ query }) => ({
      status: 200,
      body: page(state.errors ?? [], Number(query.get('offset') ?? 0), Number(query.get('limit') ?? 40)),
    }),
    'GET /api/v3/groups': ({ query }) => {
      if (state.failUsers) return { status: 500, body: { detail: 'Database unavailable' } };
      const search = (query.get('search') ?? '').toLowerCase();
      const groups = state.groups.filter((g) => g.name.toLowerCase().includes(search));
      return { status: 200, body: page(groups, Number(query.get('offset') ?? 0), Number(query.get('limit') ?? 40)) };
    },
    'POST /api/stats/users': ({ body }) => {
      const ids = body.owner_ids ?? [];
      const rows = state.usage.filter((r) => ids.includes(r.user_id));
      return { status: 200, body: { total: rows.length, offset: 0, limit: body.limit ?? 40, items: rows } };
    },
    'GET /api/v3/users/{id}': ({ params }) => {
      const user = state.users.find((u) => u.id === params.id);
      return user ? { status: 200, body: user } : { status: 404, body: { detail: 'No such user.' } };
    },
    'GET /api/v3/users/{id}/events': ({ params }) =>
      state.users.some((u) => u.id === params.id)
        ? { status: 200, body: { items: state.events?.[params.id] ?? [] } }
        : { status: 404, body: { detail: 'No such user.' } },
    'PATCH /api/v3/{userId}/trust': ({ params, body }) => {
      const user = state.users.find((u) => u.id === params.userId);
      if (!user) return { status: 404, body: { detail: 'No such user.' } };
      audit({
        action: 'user.trust_level',
        target_user_id: user.id,
        subject_type: 'user',
        subject_id: user.id,
        before: { t_level: user.t_level },
        after: { t_level: body.t_level },
      });
      user.t_level = body.t_level;
      return { status: 200, body: user };
    },
    'PUT /api/v3/users/{id}/plan': ({ params, body }) => {
      const user = state.users.find((u) => u.id === params.id);
      if (!user) return { status: 404, body: { detail: 'No such user.' } };
      user.data.stripe = {
        ...user.data.stripe,
        subscription_status: 'active',
        subscription_category: 'custom',
        subscription_interval: body.interval,
      };
      audit({
        action: 'user.custom_plan',
        target_user_id: user.id,
        subject_type: 'user',
        subject_id: user.id,
        before: null,
        after: { plan: body.name },
      });
      return { status: 200, body: user };
    },
    'GET /api/projects': () => ({ status: 200, body: { total: 0, offset: 0, limit: 40, items: [] } }),
    'GET /api/v3/admin/flags': () => ({ status: 200, body: { items: (state.flags ??= seededFlags()) } }),
    // As the server judges a flag (server/flags/handlers.ts): each rule targets someone, and only real accounts.
    'PUT /api/v3/admin/flags/{key}': ({ params, body }) => {
      const flags = (state.flags ??= seededFlags());
      for (const [i, rule] of body.rules.entries()) {
        if (!rule.user_ids?.length && !rule.plans?.length) {
          const field = `body/rules/${i}`;
          return { status: 422, body: { detail: `${field} must target at least one user id or plan`, field } };
        }
        const missing = rule.user_ids?.find((id) => !state.users.some((u) => u.id === id));
        if (missing) {
          const field = `body/rules/${i}/user_ids`;
          return { status: 422, body: { detail: `${field} names no user: ${missing}`, field } };
        }
      }
      const saved: FeatureFlag = {
        key: params.key,
        description: body.description,
        default_value: body.default_value,
        rules: body.rules.map((rule, i) => ({
          id: rule.id ?? `r${i}`,
          user_ids: rule.user_ids ?? [],
          plans: rule.plans ?? [],
          value: rule.value,
        })),
        updated_at: '2026-01-07T10:00:00.000Z',
        updated_by: {
          id: admin.id,
          username: admin.username,
          email: admin.email,
          first_name: admin.first_name,
          last_name: admin.last_name,
        },
      };
      state.flags = [...flags.filter((f) => f.key !== saved.key), saved].sort((a, b) => a.key.localeCompare(b.key));
      return { status: 200, body: saved };
    },
    'DELETE /api/v3/admin/flags/{key}': ({ params }) => {
      const flags = (state.flags ??= seededFlags());
      if (!flags.some((f) => f.key === params.key)) return { status: 404, body: { detail: 'Not found' } };
      state.flags = flags.filter((f) => f.key !== params.key);
      return { status: 204 };
    },
    'POST /api/v3/owners': ({ body }) => ({
      status: 200,
      body: {
        items: body.ids.flatMap((id) => {
          const u = state.users.find((x) => x.id === id);
          return u
            ? [{ id: u.id, username: u.username, email: u.email, first_name: u.first_name, last_name: u.last_name }]
            : [];
        }),
      },
    }),
    'GET /api/v3/reports': ({ query }) => {
      const status = query.get('status') as ReportStatus | null;
      const user = query.get('user_id');
      const items = state.reports.filter((r) => (!status || r.status === status) && (!user || r.user?.id === user));
      return { status: 200, body: page(items, Number(query.get('offset') ?? 0), Number(query.get('limit') ?? 40)) };
    },
    'PATCH /api/v3/reports/{kind}/{id}': ({ params, body }) => {
      const report = state.reports.find((r) => r.id === params.id && r.kind === params.kind);
      if (!report) return { status: 404, body: { detail: 'No such report.' } };
      audit({
        action: 'report.status',
        target_user_id: report.user?.id ?? null,
        subject_type: report.kind,
        subject_id: report.id,
        before: { status: report.status },
        after: { status: body.status },
      });
      report.status = body.status;
      return { status: 200, body: report };
    },
    'GET /api/v3/audit': ({ query }) => {
      const user = query.get('user_id');
      const items = state.audit.filter((a) => !user || a.target_user_id === user);
      return { status: 200, body: page(items, Number(query.get('offset') ?? 0), Number(query.get('limit') ?? 40)) };
    },
  };
}
