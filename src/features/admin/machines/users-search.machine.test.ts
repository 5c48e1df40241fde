import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { toastStore } from '../../../../design-system/index.ts';
import type { ApiClients } from '../../../api/index.ts';
import { makeAdminUser, makeUsage } from '../story-fakes.ts';
import { usersSearchMachine, type Loaded } from './users-search.machine.ts';

const ada = makeAdminUser(1, 'Ada', 'Lovelace');
const loaded: Loaded = {
  users: [ada],
  total: 1,
  groups: [{ id: 'g', name: 'Pioneers', user_count: 1 }],
  groupsTotal: 1,
  usage: [makeUsage(ada.id)],
  usageFailed: false,
};

function start(load: (input: { search: string; page: number; sort: string }) => Promise<Loaded>) {
  const inputs: { search: string; page: number; sort: string }[] = [];
  const machine = usersSearchMachine.provide({
    actors: {
      load: fromPromise(async ({ input }) => {
        inputs.push(input);
        return load(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { api: {} as ApiClients } }).start();
  return { actor, inputs };
}

describe('users search machine', () => {
  it('loads the first page, and a new search or sort starts again at page 1', async () => {
    const { actor, inputs } = start(async () => loaded);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.users).toEqual([ada]);
    actor.send({ type: 'search.page', page: 3 });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'search.text', search: 'ada' });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'search.page', page: 2 });
    actor.send({ type: 'search.sort', sort: 't_level', direction: 'asc' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(inputs.map((i) => [i.search, i.page, i.sort])).toEqual([
      ['', 1, 'created_at'],
      ['', 3, 'created_at'],
      ['ada', 1, 'created_at'],
      ['ada', 2, 'created_at'],
      ['ada', 1, 't_level'],
    ]);
  });

  it('says "Failed to search users/groups" when the search fails, keeping the rows shown', async () => {
    toastStore.trigger.clear();
    let fail = false;
    const { actor } = start(async () => {
      if (fail) throw new Error('boom');
      return loaded;
    });
    await waitFor(actor, (s) => s.matches('idle'));
    fail = true;
    actor.send({ type: 'search.text', search: 'x' });
    await waitFor(actor, (s) => s.context.failed);
    expect(actor.getSnapshot().context.users).toEqual([ada]);
    expect(toastStore.getSnapshot().context.toasts.map((t) => [t.message, t.severity])).toEqual([
      ['Failed to search users/groups', 'error'],
    ]);
  });

  it('shows a changed user in place', async () => {
    const { actor } = start(async () => loaded);
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'search.userChanged', user: { ...ada, t_level: 1 } });
    expect(actor.getSnapshot().context.users[0]!.t_level).toBe(1);
  });
});
