import './vars.css.ts';
import './global.css.ts';

export { vars } from './vars.css.ts';
export * as tokens from './tokens.ts';
