import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { addToast } from '../../../../design-system/index.ts';
import type { ApiClients } from '../../../api/index.ts';
import { t } from '../../../i18n/index.ts';
import {
  listGroups,
  listUsers,
  usageOf,
  type AdminUser,
  type Direction,
  type Group,
  type UsageRow,
  type UserSort,
} from '../api/admin-api.ts';
import { USERS_PAGE_SIZE } from '../admin-rules.ts';

/**
 * The console's one search over users and groups (SPEC.md section 7: GET /api/v3/users and /api/v3/groups,
 * section 8: "Failed to search users/groups" when either call fails), the users' sort and page, and the
 * usage of the page's users (POST /api/stats/users). A new search, sort or group starts again at page 1.
 */

export interface UsersSearchContext {
  api: ApiClients;
  search: string;
  sort: UserSort;
  direction: Direction;
  /** From 1. */
  page: number;
  /** Only this group's members (a group chosen in the Groups list). */
  group: Group | null;
  users: AdminUser[];
  total: number;
  groups: Group[];
  groupsTotal: number;
  usage: UsageRow[];
  /** The usage call failed (the users still show, without their figures). */
  usageFailed: boolean;
  /** The last search failed: the tables keep what they showed before. */
  failed: boolean;
}

export type UsersSearchEvent =
  | { type: 'search.text'; search: string }
  | { type: 'search.sort'; sort: UserSort; direction: Direction }
  | { type: 'search.page'; page: number }
  | { type: 'search.group'; group: Group | null }
  /** A user changed elsewhere on the page (their trust level): the row shows it without a reload. */
  | { type: 'search.userChanged'; user: AdminUser }
  | { type: 'search.retry' };

interface LoadInput {
  api: ApiClients;
  search: string;
  sort: UserSort;
  direction: Direction;
  page: number;
  group: Group | null;
}

export interface Loaded {
  users: AdminUser[];
  total: number;
  groups: Group[];
  groupsTotal: number;
  usage: UsageRow[];
  usageFailed: boolean;
}

export async function loadSearch({ api, search, sort, direction, page, group }: LoadInput): Promise<Loaded> {
  const term = search.trim() || undefined;
  const [users, groups] = await Promise.all([
    listUsers(api, {
      search: term,
      sort,
      direction,
      limit: USERS_PAGE_SIZE,
      offset: (page - 1) * USERS_PAGE_SIZE,
      ...(group ? { group_id: group.id } : {}),
    }),
    listGroups(api, { search: term, limit: 100, offset: 0 }),
  ]);
  let usage: UsageRow[] = [];
  let usageFailed = false;
  try {
    usage = await usageOf(
      api,
      users.items.map((u) => u.id),
    );
  } catch {
    usageFailed = true;
  }
  return {
    users: users.items,
    total: users.total,
    groups: groups.items,
    groupsTotal: groups.total,
    usage,
    usageFailed,
  };
}

export const usersSearchMachine = setup({
  types: {
    context: {} as UsersSearchContext,
    events: {} as UsersSearchEvent,
    input: {} as { api: ApiClients },
  },
  actors: { load: fromPromise<Loaded, LoadInput>(({ input }) => loadSearch(input)) },
  actions: {
    /** SPEC.md section 8, word for word, as an error toast (which the Notifications region announces). */
    notifySearchFailed: () => addToast({ message: t('admin.searchFailed'), severity: 'error' }),
  },
}).createMachine({
  id: 'usersSearch',
  context: ({ input }) => ({
    api: input.api,
    search: '',
    sort: 'created_at',
    direction: 'desc',
    page: 1,
    group: null,
    users: [],
    total: 0,
    groups: [],
    groupsTotal: 0,
    usage: [],
    usageFailed: false,
    failed: false,
  }),
  initial: 'loading',
  on: {
    'search.text': {
      target: '.loading',
      reenter: true,
      actions: assign(({ event }) => ({ search: event.search, page: 1 })),
    },
    'search.sort': {
      target: '.loading',
      reenter: true,
      actions: assign(({ event }) => ({ sort: event.sort, direction: event.direction, page: 1 })),
    },
    'search.page': { target: '.loading', reenter: true, actions: assign(({ event }) => ({ page: event.page })) },
    'search.group': {
      target: '.loading',
      reenter: true,
      actions: assign(({ event }) => ({ group: event.group, page: 1 })),
    },
    'search.retry': { target: '.loading', reenter: true },
    'search.userChanged': {
      actions: assign(({ context, event }) => {
        assertEvent(event, 'search.userChanged');
        return { users: context.users.map((u) => (u.id === event.user.id ? event.user : u)) };
      }),
    },
  },
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({
          api: context.api,
          search: context.search,
          sort: context.sort,
          direction: context.direction,
          page: context.page,
          group: context.group,
        }),
        onDone: { target: 'idle', actions: assign(({ event }) => ({ ...event.output, failed: false })) },
        onError: { target: 'idle', actions: [assign({ failed: true }), 'notifySearchFailed'] },
      },
    },
    idle: {},
  },
});

export type UsersSearchActor = ActorRefFrom<typeof usersSearchMachine>;
