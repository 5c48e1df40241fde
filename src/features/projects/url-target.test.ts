import { describe, expect, it } from 'vitest';
import {
  folderSelection,
  initialFolderSelection,
  isNewTarget,
  originalToShow,
  urlTargetOf,
  type FolderSelection,
  type FolderSelectionEvent,
  type UrlTarget,
} from './url-target.ts';

const visit = (key: string, folder: string | null, original: string | null = null): UrlTarget => ({
  key,
  folder,
  original,
});

const run = (state: FolderSelection, ...events: FolderSelectionEvent[]) => events.reduce(folderSelection, state);

describe('the address target of the project page', () => {
  it('reads ?folder= and ?original=, an empty one naming nothing', () => {
    expect(urlTargetOf(new URLSearchParams('folder=f2&original=r9'), 'k1')).toEqual(visit('k1', 'f2', 'r9'));
    expect(urlTargetOf(new URLSearchParams('folder=&original='), 'k1')).toEqual(visit('k1', null, null));
  });

  it('without a target, selects by the load rules and focuses nothing', () => {
    const state = run(initialFolderSelection(visit('k1', null)), { type: 'folders.loaded', listed: ['f1', 'f2'] });

    expect(state.selected).toBe('f1');
    expect(originalToShow(state)).toBeNull();
  });

  it('selects the folder when it is listed, then the original is to be shown, once', () => {
    const start = initialFolderSelection(visit('k1', 'f2', 'r9'));
    expect(originalToShow(start)).toBeNull();

    const loaded = run(start, { type: 'folders.loaded', listed: ['f1', 'f2', 'f3'] });
    expect(loaded.selected).toBe('f2');
    expect(originalToShow(loaded)).toBe('r9');

    const shown = run(loaded, { type: 'original.shown' });
    expect(originalToShow(shown)).toBeNull();
  });

  it('applies the folder once per visit: the user choices after it stand through later loads', () => {
    const applied = run(initialFolderSelection(visit('k1', 'f2', 'r9')), {
      type: 'folders.loaded',
      listed: ['f1', 'f2'],
    });

    const state = run(applied, { type: 'folder.chosen', id: 'f1' }, { type: 'folders.loaded', listed: ['f1', 'f2'] });

    expect(state.selected).toBe('f1');
    // The original belongs to the address's folder: not shown in another one.
    expect(originalToShow(state)).toBeNull();
    // Back in its folder, and not shown yet in this visit: it is.
    expect(originalToShow(run(state, { type: 'folder.chosen', id: 'f2' }))).toBe('r9');
  });

  it('a folder that is not listed is not applied: the load rules select, and it is applied once it is listed', () => {
    const missing = run(initialFolderSelection(visit('k1', 'f9', 'r9')), {
      type: 'folders.loaded',
      listed: ['f1', 'f2'],
    });
    expect(missing.selected).toBe('f1');
    expect(originalToShow(missing)).toBeNull();

    const chosen = run(missing, { type: 'folder.chosen', id: 'f2' }, { type: 'folders.loaded', listed: ['f1', 'f2'] });
    expect(chosen.selected).toBe('f2');

    const listedLater = run(chosen, { type: 'folders.loaded', listed: ['f8', 'f9'] });
    expect(listedLater.selected).toBe('f9');
    expect(originalToShow(listedLater)).toBe('r9');
  });

  it('an original without a folder is shown in the folder selected', () => {
    const state = run(initialFolderSelection(visit('k1', null, 'r9')), { type: 'folders.loaded', listed: ['f1'] });

    expect(state.selected).toBe('f1');
    expect(originalToShow(state)).toBe('r9');
  });

  it('a new visit of the address applies it again, to the folders on screen', () => {
    const done = run(
      initialFolderSelection(visit('k1', 'f2', 'r9')),
      { type: 'folders.loaded', listed: ['f1', 'f2'] },
      { type: 'original.shown' },
      { type: 'folder.chosen', id: 'f1' },
    );
    const again = visit('k2', 'f2', 'r9');
    expect(isNewTarget(done, again)).toBe(true);

    const state = run(done, { type: 'url.navigated', target: again, listed: ['f1', 'f2'] });

    expect(state.selected).toBe('f2');
    expect(originalToShow(state)).toBe('r9');
    expect(isNewTarget(state, again)).toBe(false);
  });

  it('a new visit whose folder is not on screen waits for the load that lists it', () => {
    const before = run(initialFolderSelection(visit('k1', null)), { type: 'folders.loaded', listed: ['f1', 'f2'] });

    const waiting = run(before, { type: 'url.navigated', target: visit('k2', 'f5', 'r1'), listed: ['f1', 'f2'] });
    expect(waiting.selected).toBe('f1');
    expect(originalToShow(waiting)).toBeNull();

    expect(run(waiting, { type: 'folders.loaded', listed: ['f4', 'f5'] }).selected).toBe('f5');
  });

  it('the same address again changes nothing', () => {
    const state = run(
      initialFolderSelection(visit('k1', 'f2')),
      { type: 'folders.loaded', listed: ['f1', 'f2'] },
      { type: 'folder.chosen', id: 'f1' },
    );

    expect(run(state, { type: 'url.navigated', target: visit('k1', 'f2'), listed: ['f1', 'f2'] })).toBe(state);
  });

  it('after deleting the selected folder its neighbour is selected, and the address does not come back', () => {
    const state = run(
      initialFolderSelection(visit('k1', 'f2')),
      { type: 'folders.loaded', listed: ['f1', 'f2', 'f3'] },
      { type: 'folder.deleted', id: 'f2', listed: ['f1', 'f2', 'f3'] },
      { type: 'folders.loaded', listed: ['f1', 'f3'] },
    );

    expect(state.selected).toBe('f3');
  });
});
