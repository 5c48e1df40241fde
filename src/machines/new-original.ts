import { readJson, writeJson, type AppStorage } from './app-storage.ts';

/**
 * SPEC.md section 3 "New original data": what the app remembers about the original being made, between the
 * recording page and the voice choice that follows it. `projectId` is where it went (null until chosen),
 * `uploaded` the ids of the originals saved so far, `type` how they were made, and `ignoreClear` lets the
 * next page change keep the data (the step from recording to choosing a voice).
 */
export interface NewOriginalData {
  projectId: string | null;
  /** The folder it went to (with the project, where to find it). */
  folderId: string | null;
  ignoreClear: boolean;
  uploaded: string[];
  type: NewOriginalType | null;
}

export type NewOriginalType = 'record' | 'upload' | 'tts';

export const NEW_ORIGINAL_KEY = 'timbre.new_original';

/**
 * The pages of making an original and choosing what to convert it into (SPEC.md section 4: "voice choice,
 * audition, audio settings, calibration or recording pages").
 */
export const NEW_ORIGINAL_PAGES: readonly string[] = [
  '/new',
  '/choose-voices',
  '/audition-voices',
  '/audio-settings',
  '/calibrations',
  '/calibrations/create',
];

export const EMPTY_NEW_ORIGINAL: NewOriginalData = {
  projectId: null,
  folderId: null,
  ignoreClear: false,
  uploaded: [],
  type: null,
};

const isStringOrNull = (value: unknown) => value === null || typeof value === 'string';

const isNewOriginal = (value: unknown): value is NewOriginalData => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    isStringOrNull(v.projectId) &&
    isStringOrNull(v.folderId) &&
    typeof v.ignoreClear === 'boolean' &&
    Array.isArray(v.uploaded) &&
    v.uploaded.every((id) => typeof id === 'string') &&
    (v.type === null || v.type === 'record' || v.type === 'upload' || v.type === 'tts')
  );
};

export function readNewOriginal(storage: AppStorage | null): NewOriginalData {
  return readJson(storage, NEW_ORIGINAL_KEY, isNewOriginal) ?? { ...EMPTY_NEW_ORIGINAL, uploaded: [] };
}

export function writeNewOriginal(storage: AppStorage | null, data: NewOriginalData): void {
  writeJson(storage, NEW_ORIGINAL_KEY, data);
}

export function clearNewOriginal(storage: AppStorage | null): void {
  storage?.removeItem(NEW_ORIGINAL_KEY);
}

/**
 * Originals just saved into a project and folder: added to what is remembered when they go to the same
 * place, replacing it otherwise. `ignoreClear` says whether the next page change keeps them.
 */
export function withUploaded(
  data: NewOriginalData,
  saved: { projectId: string; folderId: string; ids: readonly string[]; type: NewOriginalType; ignoreClear?: boolean },
): NewOriginalData {
  const same = data.projectId === saved.projectId && data.folderId === saved.folderId && data.type === saved.type;
  return {
    projectId: saved.projectId,
    folderId: saved.folderId,
    ignoreClear: saved.ignoreClear ?? false,
    uploaded: [...(same ? data.uploaded : []), ...saved.ids],
    type: saved.type,
  };
}

const pathOf = (path: string) => {
  const bare = path.split(/[?#]/, 1)[0]!;
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
};

/**
 * SPEC.md section 4: "When a new original's project exists and the user leaves voice choice, audition, audio
 * settings, calibration or recording pages, stored new-original data is cleared." Given the page left and
 * the one arrived at, what becomes of the data: `keep` (nothing to do), `clear`, or `consume` (the page change
 * was the one `ignoreClear` let through: keep the data, but the next one counts).
 */
export function onPageChange(data: NewOriginalData, from: string, to: string): 'keep' | 'clear' | 'consume' {
  const left = pathOf(from);
  if (left === pathOf(to) || !NEW_ORIGINAL_PAGES.includes(left) || data.projectId === null) return 'keep';
  return data.ignoreClear ? 'consume' : 'clear';
}

/** Applies `onPageChange` to the storage; returns what it did. */
export function applyPageChange(storage: AppStorage | null, from: string, to: string): 'keep' | 'clear' | 'consume' {
  const data = readNewOriginal(storage);
  const outcome = onPageChange(data, from, to);
  if (outcome === 'clear') clearNewOriginal(storage);
  if (outcome === 'consume') writeNewOriginal(storage, { ...data, ignoreClear: false });
  return outcome;
}
