import { describe, expect, it } from 'vitest';
import { seekKeyAction } from './keyboard.ts';

describe('seekKeyAction', () => {
  it.each([
    ['ArrowRight', 30, 35],
    ['ArrowUp', 30, 35],
    ['ArrowLeft', 30, 25],
    ['ArrowDown', 30, 25],
    ['PageUp', 30, 60],
    ['PageDown', 60, 30],
    ['Home', 42.5, 0],
    ['End', 42.5, 120],
  ])('%s from %d s goes to %d s of 120 s', (key, current, time) => {
    expect(seekKeyAction(key, current, 120)).toEqual({ type: 'seek', time });
  });

  it('stays within the clip', () => {
    expect(seekKeyAction('ArrowLeft', 2, 120)).toEqual({ type: 'seek', time: 0 });
    expect(seekKeyAction('PageUp', 100, 120)).toEqual({ type: 'seek', time: 120 });
    expect(seekKeyAction('ArrowRight', 11.2, 12.5)).toEqual({ type: 'seek', time: 12.5 });
  });

  it('mirrors Left and Right right to left', () => {
    expect(seekKeyAction('ArrowRight', 30, 120, true)).toEqual({ type: 'seek', time: 25 });
    expect(seekKeyAction('ArrowLeft', 30, 120, true)).toEqual({ type: 'seek', time: 35 });
  });

  it('toggles playback on Space and ignores other keys', () => {
    expect(seekKeyAction(' ', 0, 10)).toEqual({ type: 'toggle' });
    expect(seekKeyAction('Tab', 0, 10)).toBeNull();
    expect(seekKeyAction('Enter', 0, 10)).toBeNull();
  });
});
