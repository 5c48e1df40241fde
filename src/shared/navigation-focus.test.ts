import { describe, expect, it } from 'vitest';
import { claimNavigationFocus, isNavigationFocusClaimed } from './navigation-focus.ts';

describe('navigation focus claims', () => {
  it('is claimed while any claim is held, each given up once', () => {
    expect(isNavigationFocusClaimed()).toBe(false);
    const first = claimNavigationFocus();
    const second = claimNavigationFocus();
    first();
    first();
    expect(isNavigationFocusClaimed()).toBe(true);
    second();
    expect(isNavigationFocusClaimed()).toBe(false);
  });
});
