import { useState } from 'react';
import { afterCreate, afterDelete, Pagination } from '../../../../design-system/index.ts';
import { failureMessage, useResource, type ResourceState } from '../../../machines/index.ts';
import { offsetOf } from '../list-rules.ts';

/** One page of a list, as the marketplace answers it. */
export interface LoadedPage<T> {
  items: T[];
  total: number;
}

/** Which page of which query is asked for. */
interface Paging {
  /** The query the page belongs to; a new one starts again at page 1. */
  query: string;
  page: number;
  /** Bumped to load the current page again, even while a load is on its way (its answer may predate a write). */
  reloads: number;
}

interface Shown<T> {
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  items: T[];
  total: number;
}

const NO_ITEMS: never[] = [];

/**
 * What the list shows: the last answer that landed, a page or a failure, until the next one lands (moving to
 * another page, query or page size keeps the rows in place; a failed list stays empty while it asks again).
 */
export function shownOf<T>(resource: ResourceState<LoadedPage<T>>, failure: string | null): Shown<T> {
  if (resource.status === 'ready') {
    return { status: 'ready', error: null, items: resource.value.items, total: resource.value.total };
  }
  if (resource.status === 'error') return { status: 'error', error: resource.message, items: NO_ITEMS, total: 0 };
  if (failure !== null) return { status: 'error', error: failure, items: NO_ITEMS, total: 0 };
  if (resource.value) return { status: 'ready', error: null, items: resource.value.items, total: resource.value.total };
  return { status: 'loading', error: null, items: NO_ITEMS, total: 0 };
}

export interface PagedListOptions<T, R extends LoadedPage<T>> {
  /** Loads one page. Called again when `query`, the page or the page size changes, or on `reload()`. */
  load: (page: { offset: number; limit: number }, signal: AbortSignal) => Promise<R>;
  /**
   * What the list shows (its parent, sort, filter, search) as one string: a new one starts again at page 1.
   */
  query: string;
  pageSize: number;
  /** Runs with each page that arrives (and is still wanted); what it sets renders together with the page. */
  onLoad?: (result: R) => void;
  /** The first page if it is already at hand (asked once, on mount; `onLoad` is not told of it). */
  initial?: () => { value: R } | undefined;
}

/** A paged list and the SPEC.md section 4 rules for what it shows after a create or a delete. */
export interface PagedList<T> {
  status: 'loading' | 'ready' | 'error';
  /** Whether what is shown answers the current query and page (not the last one's, kept while it loads). */
  current: boolean;
  /** Why the last load failed. */
  error: string | null;
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  /** A new item: first on page 1, the list trimmed to the page size (page 1 is loaded when elsewhere). */
  created: (item: T) => void;
  /** An item that went (deleted or moved away): the page and count follow the delete rule. */
  removed: (id: string) => void;
  /** An item that changed in place (renamed, starred). */
  replaced: (item: T) => void;
  /** Items that changed in place, each as `change` makes it from the list's current copy (fresh figures). */
  patched: (change: (item: T) => T) => void;
  /** Loads the current page again. */
  reload: () => void;
}

/**
 * One paged list of the studio (projects, folders, originals): loads the page for the query through
 * `useResource` (an answer that arrives after the query or page moved on never lands), and applies the
 * create and delete rules of SPEC.md section 4 in one place, as updates of the loaded page.
 */
export function usePagedList<T extends { id: string }, R extends LoadedPage<T> = LoadedPage<T>>({
  load,
  query,
  pageSize,
  onLoad,
  initial,
}: PagedListOptions<T, R>): PagedList<T> {
  const [paging, setPaging] = useState<Paging>({ query, page: 1, reloads: 0 });
  // While rendering, so the old page is never requested for the new query.
  if (paging.query !== query) setPaging({ ...paging, query, page: 1 });
  const page = paging.query === query ? paging.page : 1;
  // Why the last load that landed failed; null once a page lands.
  const [failure, setFailure] = useState<string | null>(null);
  const resource = useResource<R>(
    [query, page, pageSize, paging.reloads],
    (signal) => load({ offset: offsetOf(page, pageSize), limit: pageSize }, signal),
    {
      keepValue: true,
      initial,
      onLoad: (result) => {
        setFailure(null);
        onLoad?.(result);
      },
      onError: (error) => setFailure(failureMessage(error)),
    },
  );
  const shown = shownOf<T>(resource, failure);

  const { update } = resource;
  const reload = () => setPaging((current) => ({ ...current, reloads: current.reloads + 1 }));
  const moveTo = (next: { page: number; refetch: boolean }) =>
    setPaging((current) => ({
      ...current,
      page: next.page,
      reloads: next.refetch ? current.reloads + 1 : current.reloads,
    }));

  return {
    ...shown,
    current: resource.status === 'ready' || resource.status === 'error',
    page,
    pageSize,
    setPage: (next) => setPaging((current) => ({ ...current, page: next })),
    created: (item) => {
      // Nothing loaded to add it to (the first page is on its way, or failed): ask for the list again.
      if (shown.status !== 'ready') return reload();
      // SPEC.md section 4: first on page 1, trimmed to the page size.
      const next = afterCreate({ page, pageSize, total: shown.total, items: shown.items, created: item });
      update((value) => ({ ...value, items: next.items, total: next.total }));
      moveTo(next);
    },
    removed: (id) => {
      // SPEC.md section 4: back one page after the last item of the last page, else refetch when paged.
      const next = afterDelete({
        page,
        pageSize,
        total: shown.total,
        deletedLastOnPage: shown.items.length === 1 && shown.items[0]?.id === id,
      });
      update((value) => ({ ...value, items: value.items.filter((item) => item.id !== id), total: next.total }));
      moveTo(next);
    },
    replaced: (item) =>
      update((value) => ({ ...value, items: value.items.map((one) => (one.id === item.id ? item : one)) })),
    patched: (change) => update((value) => ({ ...value, items: value.items.map(change) })),
    reload,
  };
}

export interface ListPagerProps {
  list: Pick<PagedList<unknown>, 'page' | 'pageSize' | 'total' | 'setPage'>;
  /** Names the navigation landmark ("Folder pages"). */
  'aria-label': string;
  /** Offers the page size in the pager too. */
  onPageSizeChange?: (pageSize: number) => void;
  /**
   * Shows the pager while the whole list fits on one page (for its page-size choice).
   * @default false
   */
  showOnOnePage?: boolean;
}

/** The pages of a paged list, left out while everything fits on one page unless asked. */
export function ListPager({ list, 'aria-label': label, onPageSizeChange, showOnOnePage = false }: ListPagerProps) {
  if (!showOnOnePage && list.total <= list.pageSize) return null;
  return (
    <Pagination
      aria-label={label}
      page={list.page}
      pageSize={list.pageSize}
      total={list.total}
      onPageChange={list.setPage}
      {...(onPageSizeChange ? { onPageSizeChange } : {})}
    />
  );
}
