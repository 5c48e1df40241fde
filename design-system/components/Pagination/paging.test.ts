import { describe, expect, it } from 'vitest';
import { afterCreate, afterDelete, pageButtons, pageCount, pageForSize } from './paging.ts';

describe('pageCount', () => {
  it.each([
    [0, 40, 1],
    [1, 40, 1],
    [40, 40, 1],
    [41, 40, 2],
    [100, 20, 5],
    [101, 100, 2],
  ])('%i items at %i a page fill %i page(s)', (total, pageSize, pages) => {
    expect(pageCount(total, pageSize)).toBe(pages);
  });

  it('refuses a page size that is not a positive integer', () => {
    expect(() => pageCount(10, 0)).toThrow(RangeError);
    expect(() => pageCount(10, 2.5)).toThrow(RangeError);
  });
});

describe('pageForSize', () => {
  it.each([
    [1, 40, 100, 1],
    [3, 40, 100, 1], // items 81-120 start in 1-100
    [4, 40, 100, 2], // item 121 is on page 2 of 100
    [2, 100, 20, 6], // item 101 is on page 6 of 20
    [5, 20, 20, 5],
  ])('page %i at %i a page, shown %i a page, is page %i', (page, size, next, expected) => {
    expect(pageForSize(page, size, next)).toBe(expected);
  });
});

describe('afterCreate', () => {
  it('puts the created item first on page 1 and keeps the page size', () => {
    const result = afterCreate({ page: 1, pageSize: 3, total: 5, items: ['a', 'b', 'c'], created: 'new' });
    expect(result).toEqual({ page: 1, items: ['new', 'a', 'b'], total: 6, refetch: false });
  });

  it('does not trim a page that is not full', () => {
    const result = afterCreate({ page: 1, pageSize: 40, total: 2, items: ['a', 'b'], created: 'new' });
    expect(result).toEqual({ page: 1, items: ['new', 'a', 'b'], total: 3, refetch: false });
  });

  it('starts an empty list with the created item', () => {
    expect(afterCreate({ page: 1, pageSize: 40, total: 0, items: [], created: 'new' })).toEqual({
      page: 1,
      items: ['new'],
      total: 1,
      refetch: false,
    });
  });

  it('goes back to page 1 from another page and asks for page 1', () => {
    const result = afterCreate({ page: 3, pageSize: 2, total: 6, items: ['e', 'f'], created: 'new' });
    expect(result).toEqual({ page: 1, items: ['new'], total: 7, refetch: true });
  });
});

describe('afterDelete', () => {
  it('moves back one page when the last item of the last page goes', () => {
    expect(afterDelete({ page: 3, pageSize: 40, total: 81, deletedLastOnPage: true })).toEqual({
      page: 2,
      total: 80,
      refetch: true,
    });
  });

  it('stays on page 1 when its last item goes', () => {
    expect(afterDelete({ page: 1, pageSize: 40, total: 1, deletedLastOnPage: true })).toEqual({
      page: 1,
      total: 0,
      refetch: false,
    });
  });

  it('stays and refetches when the last item of a page that is not the last goes (page size 1)', () => {
    expect(afterDelete({ page: 2, pageSize: 1, total: 3, deletedLastOnPage: true })).toEqual({
      page: 2,
      total: 2,
      refetch: true,
    });
  });

  it('refetches the same page when other pages exist', () => {
    expect(afterDelete({ page: 1, pageSize: 40, total: 85, deletedLastOnPage: false })).toEqual({
      page: 1,
      total: 84,
      refetch: true,
    });
    expect(afterDelete({ page: 3, pageSize: 40, total: 85, deletedLastOnPage: false })).toEqual({
      page: 3,
      total: 84,
      refetch: true,
    });
  });

  it('only lowers the count when the list has one page', () => {
    expect(afterDelete({ page: 1, pageSize: 40, total: 12, deletedLastOnPage: false })).toEqual({
      page: 1,
      total: 11,
      refetch: false,
    });
  });

  it('never counts below zero', () => {
    expect(afterDelete({ page: 1, pageSize: 40, total: 0, deletedLastOnPage: true }).total).toBe(0);
  });
});

describe('pageButtons', () => {
  it('shows every page when there are 7 or fewer', () => {
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('leaves out the far end near the start', () => {
    expect(pageButtons(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageButtons(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
  });

  it('leaves out the start near the end', () => {
    expect(pageButtons(17, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
    expect(pageButtons(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });

  it('keeps the neighbours of a page in the middle', () => {
    expect(pageButtons(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
  });

  it('clamps a page out of range', () => {
    expect(pageButtons(0, 20)).toEqual(pageButtons(1, 20));
    expect(pageButtons(99, 20)).toEqual(pageButtons(20, 20));
  });
});
