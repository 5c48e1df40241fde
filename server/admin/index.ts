import { defineHandlers } from '../platform/handlers.ts';
import { listAuditEntries } from './audit.ts';
import { getEventsSummary, listUserEvents } from './events-summary.ts';
import { listReports, setReportStatus } from './reports.ts';
import { getUsersStats } from './usage.ts';
import { getOwners, getUser, listGroups, listUsers, setTrustLevel } from './admin.ts';

/** The admins' calls of openapi/auth.yaml (`x-roles: [admin]`). */
export const adminHandlers = defineHandlers({
  listUsers,
  getUser,
  listGroups,
  getOwners,
  setTrustLevel,
  getUsersStats,
  listReports,
  setReportStatus,
  listAuditEntries,
  getEventsSummary,
  listUserEvents,
});
