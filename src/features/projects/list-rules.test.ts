import { describe, expect, it } from 'vitest';
import {
  changesListFigures,
  folderContents,
  folderSortOf,
  offsetOf,
  projectSortOf,
  projectStateOf,
  selectAfterDelete,
  selectAfterLoad,
} from './list-rules.ts';

describe('project list choices', () => {
  it('matches a stored sort, and falls back to last recording, newest first', () => {
    expect(projectSortOf('name', 'asc').key).toBe('name:asc');
    expect(projectSortOf('created_at', 'desc').key).toBe('created_at:desc');
    expect(projectSortOf('updated_at', 'asc').key).toBe('last_recording_at:desc');
  });

  it('matches a stored folder sort, and falls back to the last changed first', () => {
    expect(folderSortOf('label', 'asc').key).toBe('label:asc');
    expect(folderSortOf('label', 'desc').key).toBe('label:desc');
    expect(folderSortOf('updated_at', 'desc').key).toBe('updated_at:desc');
    expect(folderSortOf('created_at', 'asc').key).toBe('updated_at:desc');
  });

  it('knows the state filter, active by default', () => {
    expect(projectStateOf('deleted')).toBe('deleted');
    expect(projectStateOf('gone')).toBe('active');
    expect(projectStateOf(undefined)).toBe('active');
  });

  it('turns a page into an offset', () => {
    expect(offsetOf(1, 40)).toBe(0);
    expect(offsetOf(3, 20)).toBe(40);
  });
});

describe('folder selection (SPEC.md §4)', () => {
  it('selects the first folder after a load', () => {
    expect(selectAfterLoad(['a', 'b'], null)).toBe('a');
    expect(selectAfterLoad([], null)).toBeNull();
  });

  it('keeps the position when the selected folder is still listed', () => {
    expect(selectAfterLoad(['a', 'b', 'c'], 'b')).toBe('b');
    expect(selectAfterLoad(['a', 'c'], 'b')).toBe('a');
  });

  it('selects the next folder after deleting the selected one, or the previous at the end', () => {
    expect(selectAfterDelete(['a', 'b', 'c'], 'b', 'b')).toBe('c');
    expect(selectAfterDelete(['a', 'b', 'c'], 'c', 'c')).toBe('b');
    expect(selectAfterDelete(['a'], 'a', 'a')).toBeNull();
  });

  it('keeps the selection when another folder is deleted', () => {
    expect(selectAfterDelete(['a', 'b', 'c'], 'c', 'a')).toBe('a');
  });
});

describe('changesListFigures', () => {
  it('asks for fresh figures when a conversion finished or events were lost, not for progress', () => {
    expect(changesListFigures([{ type: 'conversion.processing' }], { gap: false })).toBe(false);
    expect(changesListFigures([{ type: 'credits.updated2' }, { type: 'conversion.finished' }], { gap: false })).toBe(
      true,
    );
    expect(changesListFigures([], { gap: true })).toBe(true);
    expect(changesListFigures([], { gap: false })).toBe(false);
  });
});

describe('folderContents', () => {
  it('counts originals, conversions and the conversions not finished yet', () => {
    expect(
      folderContents([
        { type: 'original', state: 'done' },
        { type: 'conversion', state: 'done' },
        { type: 'conversion', state: 'processing' },
        { type: 'conversion', state: 'queued' },
        { type: 'conversion', state: 'error' },
        { type: 'original', state: 'processing' },
      ]),
    ).toEqual({ originals: 2, conversions: 4, inProgress: 2 });
    expect(folderContents([])).toEqual({ originals: 0, conversions: 0, inProgress: 0 });
  });
});
