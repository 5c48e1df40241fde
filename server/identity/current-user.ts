import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../platform/errors.ts';
import { publishUserEvent } from '../notifications/scope.ts';
import { loadUserView, type ApiUser } from './user-view.ts';

type Caller = Pick<FastifyRequest, 'auth' | 'server'>;

/** The signed-in caller's id (the operation's security already refused anonymous calls). */
export function callerId(request: Caller): string {
  const id = request.auth?.user.id;
  if (!id) throw unauthorized();
  return id;
}

/**
 * The user as the API shows it after a change to their account, announced as user.updated to their
 * other tabs and devices.
 */
export async function changedUser(request: Caller, userId: string): Promise<ApiUser> {
  const user = await loadUserView(request.server.db, userId);
  if (!user) throw unauthorized();
  publishUserEvent(userId, { type: 'user.updated', data: { user } });
  return user;
}
