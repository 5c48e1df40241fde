import type { components } from '../../../../openapi/generated/marketplace.js';
import type { ApiClients } from '../../../api/index.ts';

export type ProjectSummary = Pick<components['schemas']['Project'], 'id' | 'name' | 'url'>;
export type FolderSummary = Pick<components['schemas']['Folder'], 'id' | 'name'>;

/** The caller's active projects, most recently recorded first (the ones a recording most likely goes to). */
export async function listTargetProjects(api: ApiClients): Promise<ProjectSummary[]> {
  const { data } = await api.marketplace.GET('/api/projects', {
    params: { query: { offset: 0, limit: 100, sort: 'last_recording_at', direction: 'desc', state: 'active' } },
  });
  return (data?.items ?? []).map(({ id, name, url }) => ({ id, name, url }));
}

/** A project's folders, most recently updated first. */
export async function listTargetFolders(api: ApiClients, projectId: string): Promise<FolderSummary[]> {
  const { data } = await api.marketplace.GET('/api/folders', {
    params: { query: { project_id: projectId, offset: 0, limit: 100, sort: 'updated_at', direction: 'desc' } },
  });
  return (data?.items ?? []).map(({ id, name }) => ({ id, name }));
}
