import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../api/index.ts';
import type { ApiKey } from '../api/account-api.ts';
import { apiKeyMachine } from './api-key.machine.ts';

const existing: ApiKey = { prefix: 'tmb_abcdefgh', created_at: '2026-01-01T00:00:00Z', expires_at: null };

function start(initial: ApiKey | null, fail?: 'create' | 'revoke') {
  const created: (string | null)[] = [];
  const machine = apiKeyMachine.provide({
    actors: {
      load: fromPromise(async () => initial),
      create: fromPromise(async ({ input }: { input: { expiresAt: string | null } }) => {
        if (fail === 'create') throw new ApiError({ statusCode: 422, detail: 'must be in the future', body: null });
        created.push(input.expiresAt);
        return {
          prefix: 'tmb_newnewne',
          created_at: '2026-02-01T00:00:00Z',
          expires_at: input.expiresAt,
          key: 'tmb_secret',
        };
      }),
      revoke: fromPromise(async () => {
        if (fail === 'revoke') throw new ApiError({ statusCode: 404, detail: 'You have no API key.', body: null });
      }),
    },
  });
  return { actor: createActor(machine).start(), created };
}

describe('apiKeyMachine', () => {
  it('loads the existing key, or none', async () => {
    const a = start(existing).actor;
    await waitFor(a, (s) => s.matches('ready'));
    expect(a.getSnapshot().context.key).toEqual(existing);
    const b = start(null).actor;
    await waitFor(b, (s) => s.matches('ready'));
    expect(b.getSnapshot().context.key).toBeNull();
  });

  it('shows the new secret once, with the expiry asked for, and forgets it when seen', async () => {
    const { actor, created } = start(null);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'apiKey.create', expiresAt: '2027-01-01T00:00:00.000Z' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.secret !== null);
    expect(created).toEqual(['2027-01-01T00:00:00.000Z']);
    expect(actor.getSnapshot().context.key).toEqual({
      prefix: 'tmb_newnewne',
      created_at: '2026-02-01T00:00:00Z',
      expires_at: '2027-01-01T00:00:00.000Z',
    });
    actor.send({ type: 'apiKey.secretSeen' });
    expect(actor.getSnapshot().context.secret).toBeNull();
    expect(actor.getSnapshot().context.key?.prefix).toBe('tmb_newnewne');
  });

  it('revokes the key', async () => {
    const { actor } = start(existing);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'apiKey.revoke' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.key === null);
  });

  it('keeps the key and says why when a call fails', async () => {
    const { actor } = start(existing, 'revoke');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'apiKey.revoke' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.key).toEqual(existing);
    expect(actor.getSnapshot().context.error).toBe('You have no API key.');
  });

  it('cannot revoke without a key', async () => {
    const { actor } = start(null);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'apiKey.revoke' });
    expect(actor.getSnapshot().value).toBe('ready');
  });
});
