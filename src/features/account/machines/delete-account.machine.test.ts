import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../api/index.ts';
import { deleteAccountMachine } from './delete-account.machine.ts';

function start(remove: () => Promise<void>) {
  let calls = 0;
  const machine = deleteAccountMachine.provide({
    actors: {
      deleteProfile: fromPromise(async () => {
        calls++;
        await remove();
      }),
    },
  });
  const actor = createActor(machine, { input: { email: 'ada@example.test' } }).start();
  return { actor, calls: () => calls };
}

describe('deleteAccountMachine', () => {
  it('refuses to delete until the account e-mail is typed', () => {
    const { actor, calls } = start(async () => undefined);
    actor.send({ type: 'confirmation.change', value: 'ada@example' });
    actor.send({ type: 'account.delete' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.mismatch).toBe(true);
    expect(calls()).toBe(0);
  });

  it('deletes once the address matches, and ends in deleted', async () => {
    const { actor, calls } = start(async () => undefined);
    actor.send({ type: 'confirmation.change', value: 'ADA@example.test ' });
    actor.send({ type: 'account.delete' });
    actor.send({ type: 'account.delete' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('deleted');
    expect(calls()).toBe(1);
  });

  it("keeps the dialog with the server's words when the call fails", async () => {
    const { actor } = start(async () => {
      throw new ApiError({ statusCode: 503, detail: 'Try again later.', body: { detail: 'Try again later.' } });
    });
    actor.send({ type: 'confirmation.change', value: 'ada@example.test' });
    actor.send({ type: 'account.delete' });
    await waitFor(actor, (s) => s.matches('confirming') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Try again later.');
  });

  it('shows why the subscription blocked the deletion, and deletes when tried again', async () => {
    const detail = 'Your subscription could not be cancelled; your account was not deleted. Try again.';
    let providerDown = true;
    const { actor, calls } = start(async () => {
      if (providerDown) throw new ApiError({ statusCode: 502, detail, body: { status: 502, detail } });
    });
    actor.send({ type: 'confirmation.change', value: 'ada@example.test' });
    actor.send({ type: 'account.delete' });
    await waitFor(actor, (s) => s.matches('confirming') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(detail);
    expect(actor.getSnapshot().context.typed).toBe('ada@example.test');

    providerDown = false;
    actor.send({ type: 'account.delete' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('deleted');
    expect(calls()).toBe(2);
  });

  it('typing again clears the error', () => {
    const { actor } = start(async () => undefined);
    actor.send({ type: 'account.delete' });
    expect(actor.getSnapshot().context.mismatch).toBe(true);
    actor.send({ type: 'confirmation.change', value: 'a' });
    expect(actor.getSnapshot().context.mismatch).toBe(false);
  });
});
