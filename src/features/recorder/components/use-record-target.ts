import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useApi, type Recording } from '../../../api/index.ts';
import {
  browserStorage,
  readNewOriginal,
  useResource,
  withUploaded,
  writeNewOriginal,
  type NewOriginalType,
} from '../../../machines/index.ts';
import { syncSavedOriginals } from '../saved-originals.store.ts';
import { listTargetFolders, listTargetProjects, type FolderSummary, type ProjectSummary } from '../api/targets.ts';

/** Where a recording, an upload or a spoken text is saved: a folder of one of the user's projects. */
export interface RecordPlace {
  project: ProjectSummary | null;
  folder: FolderSummary | null;
}

export interface RecordTarget extends RecordPlace {
  /** The projects have been asked for (loaded, or failed: then there are none to choose). */
  ready: boolean;
  projects: ProjectSummary[];
  /** The chosen project's folders (none while they load). */
  folders: FolderSummary[];
  chooseProject: (id: string | null) => void;
  chooseFolder: (id: string | null) => void;
}

/** Remembers originals saved from this page (SPEC.md section 3's new-original data). */
export function rememberSaved(place: RecordPlace, items: Recording[], type: NewOriginalType) {
  if (!place.project || !place.folder) return;
  const storage = browserStorage();
  writeNewOriginal(
    storage,
    withUploaded(readNewOriginal(storage), {
      projectId: place.project.id,
      folderId: place.folder.id,
      ids: items.map((r) => r.id),
      type,
    }),
  );
  syncSavedOriginals();
}

const kept = <T extends { id: string }>(items: T[], current: string | null): string | null =>
  items.some((item) => item.id === current) ? current : (items[0]?.id ?? null);

/**
 * The project and folder /new saves into: the link's (?project&folder), else the last saved here; once the
 * user's projects (and then the project's folders) are loaded, the first one when the wanted one is not
 * among them.
 */
export function useRecordTarget(): RecordTarget {
  const api = useApi();
  const [params] = useSearchParams();
  const [projectId, setProjectId] = useState<string | null>(
    () => params.get('project') ?? readNewOriginal(browserStorage()).projectId,
  );
  const [folderId, setFolderId] = useState<string | null>(
    () => params.get('folder') ?? readNewOriginal(browserStorage()).folderId,
  );
  const projects = useResource(['recorder.projects'], () => listTargetProjects(api), {
    onLoad: (items) => setProjectId((current) => kept(items, current)),
  });
  const folders = useResource(
    projectId === null ? null : ['recorder.folders', projectId],
    () => listTargetFolders(api, projectId ?? ''),
    { onLoad: (items) => setFolderId((current) => kept(items, current)) },
  );

  const projectList = projects.value ?? [];
  const project = projectList.find((p) => p.id === projectId) ?? null;
  const folderList = project ? (folders.value ?? []) : [];
  return {
    ready: projects.status === 'ready' || projects.status === 'error',
    projects: projectList,
    folders: folderList,
    project,
    folder: folderList.find((f) => f.id === folderId) ?? null,
    chooseProject: setProjectId,
    chooseFolder: setFolderId,
  };
}
