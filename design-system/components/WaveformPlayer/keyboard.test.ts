import { describe, expect, it } from 'vitest';
import { seekKeyAction, swapIndex, switchPosition, trackKeyAction } from './keyboard.ts';

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

describe('trackKeyAction', () => {
  it.each([
    ['1', 0],
    ['2', 1],
    ['3', 2],
  ])('%s picks track index %d of three', (key, index) => {
    expect(trackKeyAction(key, 3)).toEqual({ type: 'select', index });
  });

  it('ignores numbers beyond the tracks, 0, and numbers past 9', () => {
    expect(trackKeyAction('4', 3)).toBeNull();
    expect(trackKeyAction('0', 3)).toBeNull();
    expect(trackKeyAction('9', 12)).toEqual({ type: 'select', index: 8 });
    expect(trackKeyAction('10', 12)).toBeNull();
  });

  it('swaps on X in either case, when there is something to swap with', () => {
    expect(trackKeyAction('x', 2)).toEqual({ type: 'swap' });
    expect(trackKeyAction('X', 2)).toEqual({ type: 'swap' });
    expect(trackKeyAction('x', 1)).toBeNull();
  });

  it("leaves the browser's shortcuts and other keys alone", () => {
    expect(trackKeyAction('1', 3, { ctrlKey: true })).toBeNull();
    expect(trackKeyAction('x', 3, { metaKey: true })).toBeNull();
    expect(trackKeyAction('2', 3, { altKey: true })).toBeNull();
    expect(trackKeyAction(' ', 3)).toBeNull();
    expect(trackKeyAction('ArrowRight', 3)).toBeNull();
    expect(trackKeyAction('Enter', 3)).toBeNull();
  });
});

describe('swapIndex', () => {
  it('goes back to the previously active track', () => {
    expect(swapIndex(2, 0, 3)).toBe(0);
    expect(swapIndex(0, 2, 3)).toBe(2);
  });

  it('before any switch, compares against the original', () => {
    expect(swapIndex(0, null, 3)).toBe(1);
    expect(swapIndex(2, null, 3)).toBe(0);
  });

  it('ignores a previous track that is gone or is the active one', () => {
    expect(swapIndex(1, 5, 3)).toBe(0);
    expect(swapIndex(1, 1, 3)).toBe(0);
  });

  it('has nothing to swap with one track', () => {
    expect(swapIndex(0, null, 1)).toBeNull();
  });
});

describe('switchPosition', () => {
  it('keeps the shared position', () => {
    expect(switchPosition(31.4, 120)).toBe(31.4);
  });

  it('clamps to a shorter track', () => {
    expect(switchPosition(11.8, 11.5)).toBe(11.5);
  });

  it('keeps the position while the length is unknown, and never goes below 0', () => {
    expect(switchPosition(31.4, Number.NaN)).toBe(31.4);
    expect(switchPosition(-1, 10)).toBe(0);
    expect(switchPosition(Number.NaN, 10)).toBe(0);
  });
});
