import { useEffect, useEffectEvent, useReducer } from 'react';
import { afterCreate, afterDelete, Pagination } from '../../../../design-system/index.ts';
import { failureMessage } from '../../../machines/index.ts';
import { offsetOf } from '../list-rules.ts';

/** One page of a list, as the marketplace answers it. */
export interface LoadedPage<T> {
  items: T[];
  total: number;
}

interface State<T> {
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  items: T[];
  total: number;
  page: number;
  /** Bumped to load the current page again. */
  reloads: number;
  /** The query the page belongs to; a new one starts again at page 1. */
  query: string;
}

type Action<T> =
  | { type: 'query'; query: string }
  | { type: 'loaded'; page: LoadedPage<T> }
  | { type: 'failed'; error: string }
  | { type: 'page'; page: number }
  | { type: 'created'; item: T; pageSize: number }
  | { type: 'removed'; id: string; pageSize: number }
  | { type: 'replaced'; item: T }
  | { type: 'reload' };

function reduce<T extends { id: string }>(state: State<T>, action: Action<T>): State<T> {
  switch (action.type) {
    case 'query':
      return { ...state, query: action.query, page: 1 };
    case 'loaded':
      return { ...state, status: 'ready', error: null, items: action.page.items, total: action.page.total };
    case 'failed':
      return { ...state, status: 'error', error: action.error, items: [], total: 0 };
    case 'page':
      return { ...state, page: action.page };
    case 'created': {
      // SPEC.md section 4: first on page 1, trimmed to the page size.
      const next = afterCreate({
        page: state.page,
        pageSize: action.pageSize,
        total: state.total,
        items: state.items,
        created: action.item,
      });
      return {
        ...state,
        status: 'ready',
        items: next.items,
        total: next.total,
        page: next.page,
        reloads: next.refetch ? state.reloads + 1 : state.reloads,
      };
    }
    case 'removed': {
      // SPEC.md section 4: back one page after the last item of the last page, else refetch when paged.
      const next = afterDelete({
        page: state.page,
        pageSize: action.pageSize,
        total: state.total,
        deletedLastOnPage: state.items.length === 1 && state.items[0]?.id === action.id,
      });
      return {
        ...state,
        items: state.items.filter((item) => item.id !== action.id),
        total: next.total,
        page: next.page,
        reloads: next.refetch ? state.reloads + 1 : state.reloads,
      };
    }
    case 'replaced':
      return { ...state, items: state.items.map((item) => (item.id === action.item.id ? action.item : item)) };
    case 'reload':
      return { ...state, reloads: state.reloads + 1 };
  }
}

export interface PagedListOptions<T, R extends LoadedPage<T>> {
  /** Loads one page. Called again when `query`, the page or the page size changes, or on `reload()`. */
  load: (page: { offset: number; limit: number }) => Promise<R>;
  /**
   * What the list shows (its parent, sort, filter, search) as one string: a new one starts again at page 1.
   */
  query: string;
  pageSize: number;
  /** Runs with each page that arrives (and is still wanted), after it is shown. */
  onLoad?: (result: R) => void;
}

/** A paged list and the SPEC.md section 4 rules for what it shows after a create or a delete. */
export interface PagedList<T> {
  status: 'loading' | 'ready' | 'error';
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
  /** Loads the current page again. */
  reload: () => void;
}

/**
 * One paged list of the studio (projects, folders, originals): loads the page for the query, drops answers
 * that arrive after the query or page moved on, and applies the create and delete rules of SPEC.md
 * section 4 in one place.
 */
export function usePagedList<T extends { id: string }, R extends LoadedPage<T> = LoadedPage<T>>({
  load,
  query,
  pageSize,
  onLoad,
}: PagedListOptions<T, R>): PagedList<T> {
  const [state, dispatch] = useReducer(reduce<T>, {
    status: 'loading',
    error: null,
    items: [],
    total: 0,
    page: 1,
    reloads: 0,
    query,
  });
  // While rendering, so the old page is never requested for the new query.
  if (state.query !== query) dispatch({ type: 'query', query });
  const page = state.query === query ? state.page : 1;

  const loadPage = useEffectEvent(load);
  const loaded = useEffectEvent((result: R) => onLoad?.(result));
  useEffect(() => {
    let cancelled = false;
    loadPage({ offset: offsetOf(page, pageSize), limit: pageSize }).then(
      (result) => {
        if (cancelled) return;
        dispatch({ type: 'loaded', page: result });
        loaded(result);
      },
      (error: unknown) => !cancelled && dispatch({ type: 'failed', error: failureMessage(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [query, page, pageSize, state.reloads]);

  return {
    status: state.status,
    error: state.error,
    items: state.items,
    total: state.total,
    page,
    pageSize,
    setPage: (next) => dispatch({ type: 'page', page: next }),
    created: (item) => dispatch({ type: 'created', item, pageSize }),
    removed: (id) => dispatch({ type: 'removed', id, pageSize }),
    replaced: (item) => dispatch({ type: 'replaced', item }),
    reload: () => dispatch({ type: 'reload' }),
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
