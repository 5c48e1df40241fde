import { selectAfterDelete, selectAfterLoad } from './list-rules.ts';

/**
 * Where ?folder=&original= point ("Check it now" on a finished conversion): the folder to select and the
 * original to bring into view and focus, once per visit of the address (`key`, the location's key: following
 * the same link again is another visit).
 */
export interface UrlTarget {
  folder: string | null;
  original: string | null;
  key: string;
}

/** The target of an address: its ?folder= and ?original= (an empty one names nothing). */
export const urlTargetOf = (params: URLSearchParams, key: string): UrlTarget => ({
  folder: params.get('folder') || null,
  original: params.get('original') || null,
  key,
});

const sameTarget = (a: UrlTarget, b: UrlTarget) =>
  a.key === b.key && a.folder === b.folder && a.original === b.original;

/** The folder selected on the project page, and how far the address's target has been applied. */
export interface FolderSelection {
  target: UrlTarget;
  selected: string | null;
  /** The visit whose folder has been selected: after it, the user's choices and the load rules decide. */
  folderShownFor: string | null;
  /** The visit whose original has been focused. */
  originalShownFor: string | null;
}

export type FolderSelectionEvent =
  /** The address changed; `listed` are the folders on screen now. */
  | { type: 'url.navigated'; target: UrlTarget; listed: readonly string[] }
  /** A page of folders arrived. */
  | { type: 'folders.loaded'; listed: readonly string[] }
  /** The user selected a folder, or made one. */
  | { type: 'folder.chosen'; id: string }
  /** A folder was deleted; `listed` are the folders on screen before. */
  | { type: 'folder.deleted'; id: string; listed: readonly string[] }
  /** The target's original was brought into view and focused. */
  | { type: 'original.shown' };

export const initialFolderSelection = (target: UrlTarget): FolderSelection => ({
  target,
  selected: null,
  folderShownFor: null,
  originalShownFor: null,
});

/** Selects the address's folder when it is listed and not yet applied for this visit. */
function applyFolder(state: FolderSelection, listed: readonly string[]): FolderSelection | null {
  const { folder, key } = state.target;
  if (folder === null || state.folderShownFor === key || !listed.includes(folder)) return null;
  return { ...state, selected: folder, folderShownFor: key };
}

/**
 * The folder selection of the project page. A folder the address names is selected as soon as it is listed,
 * once per visit: until then (it may be on another page, or gone) the load rules of SPEC.md section 4 select
 * as they would without it; after it, the user's choices are not overridden.
 */
export function folderSelection(state: FolderSelection, event: FolderSelectionEvent): FolderSelection {
  switch (event.type) {
    case 'url.navigated': {
      if (sameTarget(state.target, event.target)) return state;
      const next = { ...state, target: event.target };
      return applyFolder(next, event.listed) ?? next;
    }
    case 'folders.loaded':
      return applyFolder(state, event.listed) ?? { ...state, selected: selectAfterLoad(event.listed, state.selected) };
    case 'folder.chosen':
      return { ...state, selected: event.id };
    case 'folder.deleted':
      return { ...state, selected: selectAfterDelete(event.listed, event.id, state.selected) };
    case 'original.shown':
      return { ...state, originalShownFor: state.target.key };
  }
}

/** Whether an address is not the one the selection follows yet (the page tells it with `url.navigated`). */
export const isNewTarget = (state: FolderSelection, target: UrlTarget) => !sameTarget(state.target, target);

/**
 * The original to bring into view and focus: the address's, not yet shown in this visit, once its folder is
 * the selected one (any folder when the address names none).
 */
export function originalToShow(state: FolderSelection): string | null {
  const { folder, original, key } = state.target;
  if (original === null || state.originalShownFor === key) return null;
  return folder === null || folder === state.selected ? original : null;
}
