import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { components } from '../../openapi/generated/marketplace.js';
import { projects } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { HttpError, unauthorized } from '../platform/errors.ts';

export type Schemas = components['schemas'];

export interface PageQuery {
  offset?: number | undefined;
  limit?: number | undefined;
  direction?: 'asc' | 'desc' | undefined;
}

export interface Page<T> {
  total: number;
  offset: number;
  limit: number;
  items: T[];
}

export const DEFAULT_PAGE_SIZE = 40;
export const SEARCH_PAGE_SIZE = 10;

/** The signed-in caller's user id (every marketplace operation requires sign-in). */
export function callerId(request: FastifyRequest): string {
  const id = request.auth?.user.id;
  if (!id) throw unauthorized();
  return id;
}

export const isAdmin = (request: FastifyRequest) => request.auth?.user.roles.includes('admin') === true;

/** A 422 for one field, in the shape request validation uses. */
export const unprocessable = (field: string, detail: string) =>
  new HttpError(422, detail, { field, errors: [{ field, message: detail }] });

/** LIKE pattern for a case-insensitive substring search, with the user's % and _ taken literally. */
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Marks a project as changed now (its place in the default updated_at order). */
export async function touchProject(db: Db, projectId: string, lastRecording = false) {
  await db
    .update(projects)
    .set(lastRecording ? { updatedAt: new Date(), lastRecordingAt: new Date() } : { updatedAt: new Date() })
    .where(eq(projects.id, projectId));
}

export { registerFiles, removeStoredFiles, type StoredFileEntry } from '../storage/registry.ts';
