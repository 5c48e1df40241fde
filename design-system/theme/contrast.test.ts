import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.ts';
import { dark, light, type ColorScheme } from './tokens.ts';

const TEXT: [keyof ColorScheme, keyof ColorScheme][] = [
  ['text', 'background'],
  ['text', 'surface'],
  ['text', 'surfaceRaised'],
  ['text', 'accentSurface'],
  ['textMuted', 'background'],
  ['textMuted', 'surface'],
  ['textMuted', 'surfaceRaised'],
  ['accent', 'background'],
  ['accent', 'surface'],
  ['accent', 'surfaceRaised'],
  ['onAccent', 'accent'],
  ['onAccent', 'accentHover'],
  ['danger', 'background'],
  ['danger', 'dangerSurface'],
  ['success', 'background'],
  ['success', 'successSurface'],
  ['warning', 'background'],
  ['warning', 'warningSurface'],
  ['info', 'background'],
  ['info', 'infoSurface'],
];
const UI: [keyof ColorScheme, keyof ColorScheme][] = [
  ['border', 'background'],
  ['border', 'surface'],
  ['focus', 'background'],
  ['focus', 'surface'],
  ['accent', 'background'],
];

describe.each([
  ['light', light],
  ['dark', dark],
])('the %s theme', (_name, scheme) => {
  it.each(TEXT)('%s text on %s reaches 4.5:1', (fg, bg) => {
    expect(contrastRatio(scheme[fg], scheme[bg])).toBeGreaterThanOrEqual(4.5);
  });
  it.each(UI)('%s against %s reaches 3:1 for UI parts', (fg, bg) => {
    expect(contrastRatio(scheme[fg], scheme[bg])).toBeGreaterThanOrEqual(3);
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#4b2fd6', '#4b2fd6')).toBe(1);
  });
});
