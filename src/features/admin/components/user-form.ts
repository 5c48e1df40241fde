import type { AdminUser } from '../api/admin-api.ts';

/** What each form of the user's page is given: the user shown, and where the server's user goes after a change. */
export interface UserFormProps {
  user: AdminUser;
  /** The server's user after the change. */
  onChanged: (user: AdminUser) => void;
}
