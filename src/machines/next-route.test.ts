import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../api/testing/index.ts';
import { NEXT_ROUTE_KEY, safeNext, storeNextRoute, takeNextRoute } from './next-route.ts';

describe('next route', () => {
  it('keeps paths inside the app only', () => {
    expect(safeNext('/projects?a=1#b')).toBe('/projects?a=1#b');
    expect(safeNext('projects')).toBeNull();
    expect(safeNext('//evil.example')).toBeNull();
    expect(safeNext('/\\evil.example')).toBeNull();
    expect(safeNext('javascript:alert(1)')).toBeNull();
    expect(safeNext('https://evil.example/')).toBeNull();
    expect(safeNext('/a\nb')).toBeNull();
    expect(safeNext(`/${'a'.repeat(2048)}`)).toBeNull();
    expect(safeNext(undefined)).toBeNull();
  });

  it('is stored when safe, read once, and forgotten when there is none', () => {
    const storage = createMemoryStorage();
    storeNextRoute(storage, '/account');
    expect(takeNextRoute(storage)).toBe('/account');
    expect(takeNextRoute(storage)).toBeNull();
    storeNextRoute(storage, '/account');
    storeNextRoute(storage, null);
    expect(storage.getItem(NEXT_ROUTE_KEY)).toBeNull();
    storeNextRoute(storage, '//evil.example');
    expect(takeNextRoute(storage)).toBeNull();
    expect(takeNextRoute(createMemoryStorage({ [NEXT_ROUTE_KEY]: 'https://evil.example' }))).toBeNull();
  });
});
