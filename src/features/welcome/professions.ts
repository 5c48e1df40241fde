import type { MessageId } from '../../i18n/index.ts';

/**
 * The choices of the profession step (sent as PUT /api/v3/domain-info's profession and industry; each id
 * keeps to the contract's 2-32 characters).
 */
export const PROFESSIONS = [
  'voice_actor',
  'narrator',
  'podcaster',
  'musician',
  'content_creator',
  'game_developer',
  'educator',
  'marketer',
  'software_developer',
  'other',
] as const;

export const INDUSTRIES = [
  'film_tv',
  'gaming',
  'music',
  'publishing',
  'education',
  'advertising',
  'media',
  'software',
  'healthcare',
  'other',
] as const;

export type Profession = (typeof PROFESSIONS)[number];
export type Industry = (typeof INDUSTRIES)[number];

export const professionLabel = (id: Profession) => `welcome.profession.${id}` as MessageId;
export const industryLabel = (id: Industry) => `welcome.industry.${id}` as MessageId;
