import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import { industryLabel, INDUSTRIES, professionLabel, PROFESSIONS } from './professions.ts';

describe('profession step choices', () => {
  it('every choice has an English label and fits the contract (2-32 characters)', () => {
    for (const id of PROFESSIONS) {
      expect(en).toHaveProperty([professionLabel(id)]);
      expect(id.length).toBeGreaterThanOrEqual(2);
      expect(id.length).toBeLessThanOrEqual(32);
    }
    for (const id of INDUSTRIES) {
      expect(en).toHaveProperty([industryLabel(id)]);
      expect(id.length).toBeLessThanOrEqual(32);
    }
  });
});
