import { defineHandlers } from '../platform/handlers.ts';
import { trackEvent } from './tracking.ts';

/** The auth service (/api/v3). Operations without a handler here answer 501 after authentication. */
export const authHandlers = defineHandlers({ trackEvent });
