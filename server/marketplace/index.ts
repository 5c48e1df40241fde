import { defineHandlers } from '../platform/handlers.ts';

/** The marketplace service (/api). Operations without a handler here answer 501 after authentication. */
export const marketplaceHandlers = defineHandlers({});
