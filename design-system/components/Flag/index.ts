export { Flag, type FlagProps } from './Flag.tsx';
export { flagUrl } from './flag-urls.ts';
