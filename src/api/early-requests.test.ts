import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearEarly, MAX_AGE_MS, startEarly, takeAnswered, takeEarly } from './early-requests.ts';

afterEach(() => clearEarly());

describe('early requests', () => {
  it('hands the page the answer of the request started for it, once', async () => {
    const request = vi.fn(async () => ({ items: ['a'], total: 1 }));
    startEarly('GET /api/projects?offset=0', request, 1_000);
    expect(request).toHaveBeenCalledTimes(1);
    await expect(takeEarly('GET /api/projects?offset=0', 2_000)).resolves.toEqual({ items: ['a'], total: 1 });
    // A second render (another sort, a reload) asks the server itself.
    expect(takeEarly('GET /api/projects?offset=0', 2_000)).toBeUndefined();
  });

  it('hands over an answer that has arrived as a value, once; one on its way stays for takeEarly', async () => {
    let release: (value: number) => void = () => undefined;
    startEarly('slow', () => new Promise<number>((resolve) => (release = resolve)), 1_000);
    startEarly('fast', async () => 7, 1_000);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(takeAnswered('fast', 1_500)).toEqual({ value: 7 });
    expect(takeAnswered('fast', 1_500)).toBeUndefined();
    expect(takeEarly('fast', 1_500)).toBeUndefined();
    expect(takeAnswered('slow', 1_500)).toBeUndefined();
    release(3);
    await expect(takeEarly('slow', 1_500)).resolves.toBe(3);
  });

  it('hands over no failure and no answer older than the limit as a value', async () => {
    startEarly('failed', () => Promise.reject(new Error('offline')), 1_000);
    startEarly('old', async () => 1, 1_000);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(takeAnswered('failed', 1_000)).toBeUndefined();
    await expect(takeEarly('failed', 1_000)).rejects.toThrow('offline');
    expect(takeAnswered('old', 1_000 + MAX_AGE_MS + 1)).toBeUndefined();
  });

  it('gives nothing for another query, and drops an answer no page took in time', () => {
    startEarly('GET /api/projects?offset=0', async () => 1, 1_000);
    expect(takeEarly('GET /api/projects?offset=40', 1_500)).toBeUndefined();
    expect(takeEarly('GET /api/projects?offset=0', 1_000 + MAX_AGE_MS + 1)).toBeUndefined();
  });

  it('passes a failure to the page that takes it, and reports none when no page does', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    startEarly('a', () => Promise.reject(new Error('offline')), 1_000);
    startEarly('b', () => Promise.reject(new Error('offline')), 1_000);
    await expect(takeEarly('a', 1_000)).rejects.toThrow('offline');
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
