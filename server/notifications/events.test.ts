import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishUserEvent, subscribe, type Delivery } from './events.ts';

describe('the in-process user event hub', () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  it('delivers each event to every subscriber with a growing id and a time', () => {
    const a: Delivery[] = [];
    const b: Delivery[] = [];
    stops.push(
      subscribe((d) => a.push(d)),
      subscribe((d) => b.push(d)),
    );
    const first = publishUserEvent(
      'u1',
      { type: 'user.session_end', data: { reason: 'logout' } },
      { sessionIds: ['s1'] },
    );
    const second = publishUserEvent('u2', { type: 'user.session_end', data: { reason: 'deleted' } });
    expect(second.id).toBeGreaterThan(first.id);
    expect(Date.parse(first.created_at)).not.toBeNaN();
    expect(a).toEqual([
      { userId: 'u1', event: first, sessionIds: ['s1'] },
      { userId: 'u2', event: second },
    ]);
    expect(b).toEqual(a);
  });

  it('stops delivering after unsubscribe', () => {
    const seen: Delivery[] = [];
    const stop = subscribe((d) => seen.push(d));
    publishUserEvent('u1', { type: 'user.session_end', data: { reason: 'expired' } });
    stop();
    publishUserEvent('u1', { type: 'user.session_end', data: { reason: 'expired' } });
    expect(seen).toHaveLength(1);
  });

  it('keeps delivering to the others when one subscriber throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: Delivery[] = [];
    stops.push(
      subscribe(() => {
        throw new Error('broken socket');
      }),
      subscribe((d) => seen.push(d)),
    );
    expect(() => publishUserEvent('u1', { type: 'user.session_end', data: { reason: 'logout' } })).not.toThrow();
    expect(seen).toHaveLength(1);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
