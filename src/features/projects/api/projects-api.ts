import type { components, operations } from '../../../../openapi/generated/marketplace.js';
import type { components as modelComponents } from '../../../../openapi/generated/models.js';
import { body, type ApiClients } from '../../../api/index.ts';

export type Project = components['schemas']['Project'];
export type ProjectPage = components['schemas']['ProjectPage'];
export type ProjectStats = components['schemas']['ProjectStats'];
export type Folder = components['schemas']['Folder'];
export type FolderPage = components['schemas']['FolderPage'];
export type Recording = components['schemas']['Recording'];
export type RecordingPage = components['schemas']['RecordingPage'];
export type Note = components['schemas']['Note'];
export type FolderStats = components['schemas']['FolderStats'];
export type Model = modelComponents['schemas']['Model'];
export type ProjectSort = NonNullable<NonNullable<operations['listProjects']['parameters']['query']>['sort']>;
export type ProjectState = NonNullable<NonNullable<operations['listProjects']['parameters']['query']>['state']>;
export type FolderSort = NonNullable<NonNullable<operations['listFolders']['parameters']['query']>['sort']>;
export type RecordingSort = NonNullable<NonNullable<operations['listOriginals']['parameters']['query']>['sort']>;
export type Direction = 'asc' | 'desc';

export interface PageQuery<Sort extends string> {
  offset: number;
  limit: number;
  sort: Sort;
  direction: Direction;
}

/** GET /api/projects: one page of the caller's projects in the state filter. */
export async function listProjects(
  api: ApiClients,
  query: PageQuery<ProjectSort> & { state: ProjectState },
  options: { signal?: AbortSignal } = {},
): Promise<ProjectPage> {
  const { data } = await api.marketplace.GET('/api/projects', { params: { query }, signal: options.signal });
  return body(data);
}

/** GET /api/projects/search: active projects whose name contains the text, in the list's sort. */
export async function searchProjects(
  api: ApiClients,
  query: PageQuery<ProjectSort> & { search: string },
  options: { signal?: AbortSignal } = {},
): Promise<ProjectPage> {
  const { data } = await api.marketplace.GET('/api/projects/search', { params: { query }, signal: options.signal });
  return body(data);
}

export async function getProjectByUrl(api: ApiClients, projectUrl: string): Promise<Project> {
  const { data } = await api.marketplace.GET('/api/projects/by-url', {
    params: { query: { project_url: projectUrl } },
  });
  return body(data);
}

export async function createProject(api: ApiClients, name: string): Promise<Project> {
  const { data } = await api.marketplace.POST('/api/projects', { body: { name } });
  return body(data);
}

export async function renameProject(api: ApiClients, id: string, name: string): Promise<Project> {
  const { data } = await api.marketplace.PATCH('/api/projects/{id}', { params: { path: { id } }, body: { name } });
  return body(data);
}

export async function deleteProject(api: ApiClients, id: string, permanent: boolean): Promise<string> {
  const { data } = await api.marketplace.DELETE('/api/projects/{id}', {
    params: { path: { id }, query: { hard_delete: permanent } },
  });
  return body(data).id;
}

export async function listFolders(
  api: ApiClients,
  query: PageQuery<FolderSort> & { project_id: string },
  options: { signal?: AbortSignal } = {},
): Promise<FolderPage> {
  const { data } = await api.marketplace.GET('/api/folders', { params: { query }, signal: options.signal });
  return body(data);
}

/** SPEC.md section 9: a search answers 10 a page. */
export const SEARCH_PAGE_SIZE = 10;

/** GET /api/folders/search: one page of the project's folders whose name contains the text. */
export async function searchFolders(
  api: ApiClients,
  query: { project_id: string; search: string; offset: number; limit: number },
  options: { signal?: AbortSignal } = {},
): Promise<FolderPage> {
  const { data } = await api.marketplace.GET('/api/folders/search', { params: { query }, signal: options.signal });
  return body(data);
}

/** POST /api/stats/folders: the current figures of these folders, by id (unknown ids are left out). */
export async function getFolderStats(api: ApiClients, ids: readonly string[]): Promise<Map<string, FolderStats>> {
  if (ids.length === 0) return new Map();
  const { data } = await api.marketplace.POST('/api/stats/folders', { body: { folder_ids: [...ids] } });
  return new Map(body(data).items.map((item) => [item.id, item.stats]));
}

/** POST /api/stats/projects: the current figures of these projects, by id (unknown ids are left out). */
export async function getProjectStats(api: ApiClients, ids: readonly string[]): Promise<Map<string, ProjectStats>> {
  if (ids.length === 0) return new Map();
  const { data } = await api.marketplace.POST('/api/stats/projects', { body: { project_ids: [...ids] } });
  return new Map(body(data).items.map((item) => [item.id, item.stats]));
}

/** GET /api/recordings: every active original of a folder and every conversion of them, unpaginated. */
export async function listFolderRecordings(
  api: ApiClients,
  folderId: string,
  options: { signal?: AbortSignal } = {},
): Promise<Recording[]> {
  const { data } = await api.marketplace.GET('/api/recordings', {
    params: { query: { folder_id: folderId } },
    signal: options.signal,
  });
  return body(data).items;
}

/** GET /api/models: the conversion models the caller can see. */
export async function listModels(api: ApiClients, options: { signal?: AbortSignal } = {}): Promise<Model[]> {
  const { data } = await api.models.GET('/api/models', { signal: options.signal });
  return body(data).items;
}

/** PUT /api/projects/{id}: the models the project uses; answers the project as it now is. */
export async function setProjectModels(api: ApiClients, id: string, models: readonly string[]): Promise<Project> {
  const { data } = await api.marketplace.PUT('/api/projects/{id}', {
    params: { path: { id } },
    body: { models: [...models] },
  });
  return body(data);
}

export async function createFolder(api: ApiClients, projectId: string, name: string): Promise<Folder> {
  const { data } = await api.marketplace.POST('/api/folders', { body: { project_id: projectId, name } });
  return body(data);
}

export async function renameFolder(api: ApiClients, id: string, name: string): Promise<Folder> {
  const { data } = await api.marketplace.PATCH('/api/folders/{id}', { params: { path: { id } }, body: { name } });
  return body(data);
}

export async function deleteFolder(api: ApiClients, id: string, permanent: boolean): Promise<string> {
  const { data } = await api.marketplace.DELETE('/api/folders/{id}', {
    params: { path: { id }, query: { hard_delete: permanent } },
  });
  return body(data).id;
}

export async function listOriginals(
  api: ApiClients,
  query: PageQuery<RecordingSort> & { folder_id: string },
  options: { signal?: AbortSignal } = {},
): Promise<RecordingPage> {
  const { data } = await api.marketplace.GET('/api/recordings/originals', {
    params: { query },
    signal: options.signal,
  });
  return body(data);
}

export async function updateRecording(
  api: ApiClients,
  id: string,
  change: { starred?: boolean; label?: string; parent_folder_id?: string },
): Promise<Recording> {
  const { data } = await api.marketplace.PATCH('/api/recordings/{id}', { params: { path: { id } }, body: change });
  return body(data);
}

export async function deleteRecording(api: ApiClients, id: string, permanent: boolean): Promise<string[]> {
  const { data } = await api.marketplace.DELETE('/api/recordings/{id}', {
    params: { path: { id }, query: { hard_delete: permanent } },
  });
  return body(data);
}

export async function listNotes(api: ApiClients, folderId: string): Promise<Note[]> {
  const { data } = await api.marketplace.GET('/api/notes', { params: { query: { folder_id: folderId } } });
  return body(data).items;
}

/** Saves a recording's note: POST for a new one, PUT to change it, DELETE when the text is emptied. */
export async function saveNote(
  api: ApiClients,
  recordingId: string,
  text: string,
  hadNote: boolean,
): Promise<Note | null> {
  const trimmed = text.trim();
  if (!trimmed) {
    if (hadNote) await api.marketplace.DELETE('/api/notes', { body: { recording_id: recordingId } });
    return null;
  }
  const request = { body: { recording_id: recordingId, text: trimmed } };
  const { data } = hadNote
    ? await api.marketplace.PUT('/api/notes', request)
    : await api.marketplace.POST('/api/notes', request);
  return body(data);
}

/** What can be exported as a zip: a whole project, one folder, or one original with its conversions. */
export type ExportTarget =
  { kind: 'project'; id: string } | { kind: 'folder'; id: string } | { kind: 'original'; id: string };

/** The file name of a download, from its content-disposition header (SPEC.md section 8). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Downloads a zip export. Rejects with the ApiError of a refusal (402 with its `reason` in the body for a
 * plan without downloads).
 */
export async function exportZip(api: ApiClients, target: ExportTarget): Promise<{ blob: Blob; fileName: string }> {
  const options = { parseAs: 'blob' as const };
  const { data, response } =
    target.kind === 'project'
      ? await api.marketplace.GET('/api/projects/{id}/export', { params: { path: { id: target.id } }, ...options })
      : target.kind === 'folder'
        ? await api.marketplace.GET('/api/folders/{id}/export', { params: { path: { id: target.id } }, ...options })
        : await api.marketplace.GET('/api/recordings/export/', {
            params: { query: { original_id: target.id } },
            ...options,
          });
  return { blob: body(data), fileName: fileNameOf(response.headers.get('content-disposition'), 'export.zip') };
}
