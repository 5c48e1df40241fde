import { afterEach, describe, expect, it } from 'vitest';
import { createModalStore, openModalIds } from '../../design-system/index.ts';
import { acceptTermsBeforeOrder, needsTermsAcceptance, resetTermsAcceptance } from './terms-gate.ts';

const newUser = (id = 'u1') => ({ id, data: { tou_accepted_at: null } }) as never;
const acceptedUser = { id: 'u2', data: { tou_accepted_at: '2026-01-05T10:00:00Z' } } as never;

type PolicyData = { onAccepted?: () => void } | undefined;

describe('acceptableUsePolicy before the first order', () => {
  afterEach(() => resetTermsAcceptance());

  it('lets a user who accepted the policy order without asking', async () => {
    const store = createModalStore();
    await expect(acceptTermsBeforeOrder(acceptedUser, store)).resolves.toBe(true);
    expect(openModalIds(store.getSnapshot().context)).toEqual([]);
    expect(needsTermsAcceptance(acceptedUser)).toBe(false);
  });

  it('asks a user who has not accepted it; accepting lets the order go, and is not asked again in this tab', async () => {
    const store = createModalStore();
    const user = newUser();
    expect(needsTermsAcceptance(user)).toBe(true);
    const answer = acceptTermsBeforeOrder(user, store);
    expect(openModalIds(store.getSnapshot().context)).toEqual(['acceptableUsePolicy']);
    // What the modal does on "I accept" once POST /api/v3/tou answered: tells the opener, then closes.
    (store.getSnapshot().context.acceptableUsePolicy?.data as PolicyData)?.onAccepted?.();
    store.trigger.close({ id: 'acceptableUsePolicy' });
    await expect(answer).resolves.toBe(true);
    // The session's user may still say null until it is updated: the tab remembers.
    expect(needsTermsAcceptance(user)).toBe(false);
    expect(needsTermsAcceptance(newUser('someone-else'))).toBe(true);
  });

  it('closing the policy without accepting ("Not now", Escape) leaves the order unsent, and asks again next time', async () => {
    const store = createModalStore();
    const user = newUser();
    const answer = acceptTermsBeforeOrder(user, store);
    store.trigger.close({ id: 'acceptableUsePolicy' });
    await expect(answer).resolves.toBe(false);
    expect(needsTermsAcceptance(user)).toBe(true);
    const again = acceptTermsBeforeOrder(user, store);
    expect(openModalIds(store.getSnapshot().context)).toEqual(['acceptableUsePolicy']);
    store.trigger.close({ id: 'acceptableUsePolicy' });
    await expect(again).resolves.toBe(false);
  });

  it('asks nobody when no one is signed in (the order itself is refused)', async () => {
    const store = createModalStore();
    expect(needsTermsAcceptance(null)).toBe(false);
    await expect(acceptTermsBeforeOrder(null, store)).resolves.toBe(true);
  });
});
