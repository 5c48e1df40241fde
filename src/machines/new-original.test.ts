import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../api/testing/index.ts';
import {
  applyPageChange,
  EMPTY_NEW_ORIGINAL,
  NEW_ORIGINAL_KEY,
  onPageChange,
  readNewOriginal,
  withUploaded,
  writeNewOriginal,
  type NewOriginalData,
} from './new-original.ts';

const saved: NewOriginalData = {
  projectId: 'p1',
  folderId: 'f1',
  ignoreClear: false,
  uploaded: ['r1'],
  type: 'record',
};

describe('new-original data (SPEC.md §3, §4)', () => {
  it('reads nothing stored, or anything malformed, as empty', () => {
    expect(readNewOriginal(createMemoryStorage())).toEqual(EMPTY_NEW_ORIGINAL);
    expect(readNewOriginal(createMemoryStorage({ [NEW_ORIGINAL_KEY]: '{"projectId":3}' }))).toEqual(EMPTY_NEW_ORIGINAL);
  });

  it('adds originals saved to the same place and replaces those of another', () => {
    const more = withUploaded(saved, { projectId: 'p1', folderId: 'f1', ids: ['r2', 'r3'], type: 'record' });
    expect(more.uploaded).toEqual(['r1', 'r2', 'r3']);
    const elsewhere = withUploaded(more, { projectId: 'p2', folderId: 'f9', ids: ['r4'], type: 'upload' });
    expect(elsewhere).toEqual({
      projectId: 'p2',
      folderId: 'f9',
      ignoreClear: false,
      uploaded: ['r4'],
      type: 'upload',
    });
  });

  it('is cleared when the user leaves one of the new-original pages once its project exists', () => {
    expect(onPageChange(saved, '/new', '/projects')).toBe('clear');
    expect(onPageChange(saved, '/choose-voices', '/')).toBe('clear');
    expect(onPageChange(saved, '/audio-settings?tab=1', '/new')).toBe('clear');
    expect(onPageChange(saved, '/calibrations/create', '/account')).toBe('clear');
  });

  it('stays when there is no project yet, on other pages, or on a change within the same page', () => {
    expect(onPageChange({ ...saved, projectId: null }, '/new', '/projects')).toBe('keep');
    expect(onPageChange(saved, '/projects', '/account')).toBe('keep');
    expect(onPageChange(saved, '/new', '/new?step=2')).toBe('keep');
  });

  it('lets one page change through with ignoreClear, and clears on the next', () => {
    const storage = createMemoryStorage();
    writeNewOriginal(storage, { ...saved, ignoreClear: true });

    expect(applyPageChange(storage, '/new', '/choose-voices')).toBe('consume');
    expect(readNewOriginal(storage)).toEqual(saved);

    expect(applyPageChange(storage, '/choose-voices', '/projects')).toBe('clear');
    expect(storage.getItem(NEW_ORIGINAL_KEY)).toBeNull();
  });
});
