import { defineHandlers } from '../platform/handlers.ts';
import { getOwners, getUser, listGroups, listUsers, setTrustLevel } from './admin.ts';

/** The admins' calls of openapi/auth.yaml (`x-roles: [admin]`). */
export const adminHandlers = defineHandlers({ listUsers, getUser, listGroups, getOwners, setTrustLevel });
