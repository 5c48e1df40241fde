import { describe, expect, it } from 'vitest';
import { conversionErrorKind } from './error-kind.ts';

describe('conversionErrorKind', () => {
  it('tells moderation apart by SPEC.md section 5 words', () => {
    expect(conversionErrorKind('Oops! Your content doesn’t meet our moderation guidelines.')).toBe('moderation');
  });

  it('tells a problem with the audio apart', () => {
    expect(conversionErrorKind('Could not decode the original')).toBe('audio');
    expect(conversionErrorKind('The original is SILENT')).toBe('audio');
  });

  it('calls anything else, and no message, unknown', () => {
    expect(conversionErrorKind('Worker timed out')).toBe('unknown');
    expect(conversionErrorKind(null)).toBe('unknown');
    expect(conversionErrorKind(undefined)).toBe('unknown');
  });
});
