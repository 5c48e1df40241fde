import type { Direction, FolderSort, ProjectSort, ProjectState } from './api/projects-api.ts';

/** The project sorts the list offers (SPEC.md section 2), as `sort:direction` keys. */
export const PROJECT_SORTS = [
  { key: 'last_recording_at:desc', sort: 'last_recording_at', direction: 'desc' },
  { key: 'created_at:desc', sort: 'created_at', direction: 'desc' },
  { key: 'name:asc', sort: 'name', direction: 'asc' },
  { key: 'name:desc', sort: 'name', direction: 'desc' },
] as const satisfies readonly { key: string; sort: ProjectSort; direction: Direction }[];

export type ProjectSortKey = (typeof PROJECT_SORTS)[number]['key'];

/**
 * The folder sorts the project page offers (SPEC.md section 2: folders sort by label, and by default by
 * updated_at, newest first), as `sort:direction` keys. A folder's label is its name.
 */
export const FOLDER_SORTS = [
  { key: 'updated_at:desc', sort: 'updated_at', direction: 'desc' },
  { key: 'label:asc', sort: 'label', direction: 'asc' },
  { key: 'label:desc', sort: 'label', direction: 'desc' },
] as const satisfies readonly { key: string; sort: FolderSort; direction: Direction }[];

export type FolderSortKey = (typeof FOLDER_SORTS)[number]['key'];

/** The offered folder sort matching a stored preference, or the default (updated, newest first). */
export function folderSortOf(sort: string, direction: string): (typeof FOLDER_SORTS)[number] {
  return FOLDER_SORTS.find((s) => s.sort === sort && s.direction === direction) ?? FOLDER_SORTS[0];
}

/** The project state filter (SPEC.md section 4): active by default. */
export const PROJECT_STATES = ['active', 'empty', 'deleted'] as const satisfies readonly ProjectState[];

/** The offered sort matching a stored preference, or the first (last recording, newest first). */
export function projectSortOf(sort: string, direction: string): (typeof PROJECT_SORTS)[number] {
  return PROJECT_SORTS.find((s) => s.sort === sort && s.direction === direction) ?? PROJECT_SORTS[0];
}

export function projectStateOf(state: string | undefined): ProjectState {
  return (PROJECT_STATES as readonly string[]).includes(state ?? '') ? (state as ProjectState) : 'active';
}

/**
 * SPEC.md section 4: "After a list load the first folder is selected or position kept". The id to select
 * among the loaded items: the one selected before while it is still there, else the first; null for none.
 */
export function selectAfterLoad(ids: readonly string[], selected: string | null): string | null {
  if (selected !== null && ids.includes(selected)) return selected;
  return ids[0] ?? null;
}

/**
 * SPEC.md section 4: "after deleting the selected folder its neighbour is selected". Given the ids shown
 * before the delete, the one deleted and the one selected: the next one after the deleted, else the one
 * before it. Deleting another item keeps the selection.
 */
export function selectAfterDelete(ids: readonly string[], deleted: string, selected: string | null): string | null {
  if (selected !== deleted) return selected;
  const index = ids.indexOf(deleted);
  if (index === -1) return ids[0] ?? null;
  return ids[index + 1] ?? ids[index - 1] ?? null;
}

/** The `offset` of a 1-based page. */
export const offsetOf = (page: number, pageSize: number) => (Math.max(1, page) - 1) * pageSize;

/**
 * Whether a batch of real-time events may have changed the figures a list shows (originals, conversions,
 * seconds of audio, size): a conversion finished (its audio now counts), or events were lost.
 */
export function changesListFigures(events: readonly { type: string }[], info: { gap: boolean }): boolean {
  return info.gap || events.some((event) => event.type === 'conversion.finished');
}

/** What a folder holds, from GET /api/recordings (its originals and their conversions). */
export interface FolderContents {
  originals: number;
  conversions: number;
  /** Conversions not finished yet (queued, processing, postprocessing): deleting the folder stops them. */
  inProgress: number;
}

const UNFINISHED: readonly string[] = ['queued', 'processing', 'postprocessing'];

export function folderContents(recordings: readonly { type: string; state: string }[]): FolderContents {
  let originals = 0;
  let conversions = 0;
  let inProgress = 0;
  for (const recording of recordings) {
    if (recording.type === 'original') originals++;
    else if (recording.type === 'conversion') {
      conversions++;
      if (UNFINISHED.includes(recording.state)) inProgress++;
    }
  }
  return { originals, conversions, inProgress };
}
