import { Outlet } from 'react-router';
import { useSession } from '../machines/index.ts';
import { NotFound } from './not-found.tsx';

/**
 * The admin console's routes (SPEC.md section 6): an admin sees them; anyone else gets the not-found page,
 * exactly as at an address that has nothing — no hint that something is there.
 */
export function AdminOnly() {
  const { user } = useSession();
  return user?.roles.includes('admin') ? <Outlet /> : <NotFound />;
}
