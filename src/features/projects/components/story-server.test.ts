import { describe, expect, it } from 'vitest';
import { createApiClients } from '../../../api/index.ts';
import { contractProblem } from '../../../api/testing/contract.ts';
import { createFakeFetch, makeFolder, makeProject } from '../../../api/testing/index.ts';
import { makeOriginal, studioRoutes } from './story-server.ts';

describe('the studio stories’ fake marketplace', () => {
  it('answers as the contract says', async () => {
    const project = makeProject(3, 'Podcast');
    const folder = makeFolder(1, project.id, 'Intro', 1);
    const original = makeOriginal(1, folder, 'Welcome take');
    const { fetch, violations, calls } = createFakeFetch(
      studioRoutes({ projects: [project], folders: [folder], originals: [original], notes: [] }),
      { check: contractProblem },
    );
    const { marketplace } = createApiClients({ baseUrl: 'http://timbre.test', fetch });
    const path = (id: string) => ({ params: { path: { id } } });
    await marketplace.GET('/api/projects', { params: { query: { sort: 'name', direction: 'asc' } } });
    await marketplace.GET('/api/projects/search', { params: { query: { search: 'pod' } } });
    await marketplace.GET('/api/projects/by-url', { params: { query: { project_url: project.url } } });
    await marketplace.POST('/api/projects', { body: { name: 'Audiobook' } });
    await marketplace.PATCH('/api/projects/{id}', { ...path(project.id), body: { name: 'Show' } });
    await marketplace.GET('/api/folders', { params: { query: { project_id: project.id } } });
    await marketplace.POST('/api/folders', { body: { project_id: project.id, name: 'Outro' } });
    await marketplace.PATCH('/api/folders/{id}', { ...path(folder.id), body: { name: 'Start' } });
    await marketplace.GET('/api/recordings/originals', { params: { query: { folder_id: folder.id } } });
    await marketplace.PATCH('/api/recordings/{id}', { ...path(original.id), body: { starred: true } });
    await marketplace.POST('/api/notes', { body: { recording_id: original.id, text: 'Again' } });
    await marketplace.PUT('/api/notes', { body: { recording_id: original.id, text: 'Once more' } });
    await marketplace.GET('/api/notes', { params: { query: { folder_id: folder.id } } });
    await marketplace.DELETE('/api/notes', { body: { recording_id: original.id } });
    await marketplace.DELETE('/api/recordings/{id}', path(original.id));
    await marketplace.DELETE('/api/folders/{id}', path(folder.id));
    await marketplace.DELETE('/api/projects/{id}', path(project.id));
    expect(calls).toHaveLength(17);
    expect(violations).toEqual([]);
  });
});
