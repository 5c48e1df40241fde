/**
 * The paged-list rules of SPEC.md section 4, one pure function each, called wherever a paged list
 * (folders, projects, recordings, …) creates or deletes an item. Pages are 1-based.
 */

/** The page sizes a user can choose (SPEC.md section 9). */
export const PAGE_SIZES = [20, 40, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

function assertPageSize(pageSize: number): void {
  if (!Number.isInteger(pageSize) || pageSize < 1)
    throw new RangeError(`page size must be a positive integer: ${pageSize}`);
}

/** How many pages `total` items fill. An empty list still has its one (empty) page. */
export function pageCount(total: number, pageSize: number): number {
  assertPageSize(pageSize);
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/**
 * The page to show after the page size changes: the one that holds the first item the user was looking
 * at, so the list does not jump elsewhere.
 */
export function pageForSize(page: number, pageSize: number, nextPageSize: number): number {
  assertPageSize(pageSize);
  assertPageSize(nextPageSize);
  return Math.floor(((Math.max(1, page) - 1) * pageSize) / nextPageSize) + 1;
}

export interface AfterCreate<T> {
  /** Always 1: the new item is shown first on page 1. */
  page: 1;
  /** The items to show now: the created one first, trimmed to the page size. */
  items: T[];
  total: number;
  /**
   * Whether page 1 must be loaded from the server: true when the user was on another page, whose items
   * are not page 1's (until it arrives, `items` holds only the created one).
   */
  refetch: boolean;
}

/** "Creating a folder or recording puts it first on page 1 and trims the list to page size." */
export function afterCreate<T>({
  page,
  pageSize,
  total,
  items,
  created,
}: {
  page: number;
  pageSize: number;
  total: number;
  items: readonly T[];
  created: T;
}): AfterCreate<T> {
  assertPageSize(pageSize);
  if (page === 1) return { page: 1, items: [created, ...items].slice(0, pageSize), total: total + 1, refetch: false };
  return { page: 1, items: [created], total: total + 1, refetch: true };
}

export interface AfterDelete {
  /** The page to show now. */
  page: number;
  total: number;
  /**
   * Whether `page` must be loaded from the server. False when the list has no other page: the caller
   * just removes the item from what it shows.
   */
  refetch: boolean;
}

/**
 * "Deleting the last item on the last page (above 1) moves back one page; otherwise it refetches if
 * other pages exist and lowers the count." `total` is the count before the delete; `deletedLastOnPage`
 * says the deleted item was the only one left on its page.
 */
export function afterDelete({
  page,
  pageSize,
  total,
  deletedLastOnPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  deletedLastOnPage: boolean;
}): AfterDelete {
  const pages = pageCount(total, pageSize);
  const remaining = Math.max(0, total - 1);
  if (deletedLastOnPage && page > 1 && page >= pages) return { page: page - 1, total: remaining, refetch: true };
  return { page, total: remaining, refetch: pages > 1 };
}

/** One entry of the numbered page buttons: a page number, or a gap where pages are left out. */
export type PageButton = number | 'gap';

/**
 * The numbered buttons to show: every page when there are few, otherwise the first, the last, and the
 * current page with its neighbours, with a gap for each run of left-out pages. Always at most 7 entries,
 * so the control keeps its width while the user pages.
 */
export function pageButtons(page: number, count: number): PageButton[] {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i + 1);
  const current = Math.min(Math.max(page, 1), count);
  if (current <= 4) return [1, 2, 3, 4, 5, 'gap', count];
  if (current >= count - 3) return [1, 'gap', count - 4, count - 3, count - 2, count - 1, count];
  return [1, 'gap', current - 1, current, current + 1, 'gap', count];
}
