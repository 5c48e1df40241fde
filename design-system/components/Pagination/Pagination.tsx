import { Button, type Key } from 'react-aria-components';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { announce } from '../../announcer/announcer.ts';
import { Icon } from '../Icon/Icon.tsx';
import { Select } from '../Select/Select.tsx';
import { controls, gap, pageButton, pageSize as pageSizeStyle, pages, pagination, status } from './Pagination.css.ts';
import { PAGE_SIZES, pageButtons, pageCount, pageForSize } from './paging.ts';

// Typed, so formatMessage checks the values each message needs.
const messages = defineMessages<{
  label: NoMessageValues;
  previous: NoMessageValues;
  next: NoMessageValues;
  page: { page: number };
  status: { page: number; count: number };
  pageSize: NoMessageValues;
}>({
  label: { id: 'ds.pagination.label', defaultMessage: 'Pagination' },
  previous: { id: 'ds.pagination.previous', defaultMessage: 'Previous page' },
  next: { id: 'ds.pagination.next', defaultMessage: 'Next page' },
  page: { id: 'ds.pagination.page', defaultMessage: 'Page {page}' },
  status: { id: 'ds.pagination.status', defaultMessage: 'Page {page} of {count}' },
  pageSize: { id: 'ds.pagination.pageSize', defaultMessage: 'Rows per page' },
});

export interface PaginationProps {
  /** The page shown, from 1. */
  page: number;
  /** Items per page: one of 20, 40, 100 (SPEC.md section 9). */
  pageSize: number;
  /** How many items the list has in all. */
  total: number;
  /** Called with the page the user asks for. */
  onPageChange: (page: number) => void;
  /**
   * Called with the page size the user picks. `onPageChange` follows when the page must change to keep
   * the first item the user was looking at in view.
   */
  onPageSizeChange?: (pageSize: number) => void;
  /**
   * The page sizes offered. Leave `onPageSizeChange` out to hide the choice.
   * @default [20, 40, 100]
   */
  pageSizes?: readonly number[];
  /**
   * Names the navigation landmark; give each its own when a page has more than one paged list.
   * @default "Pagination" (translated)
   */
  'aria-label'?: string;
}

/**
 * Page navigation for a paged list: previous and next, numbered pages (the current one is
 * `aria-current="page"`), "Page 2 of 7", and the page-size choice. A `nav` landmark. "Page 2 of 7" is said
 * through the announcer when the user moves to another page, never when the list arrives.
 */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  pageSizes = PAGE_SIZES,
  'aria-label': ariaLabel,
}: PaginationProps) {
  const intl = useIntl();
  const count = pageCount(total, pageSize);
  const go = (target: number) => {
    if (target < 1 || target > count || target === page) return;
    onPageChange(target);
    // Said on the user's move only: the status below is not live, so arriving at a list says no page.
    announce(intl.formatMessage(messages.status, { page: target, count }));
  };
  const changeSize = (key: Key | null) => {
    const next = Number(key);
    if (!onPageSizeChange || !next || next === pageSize) return;
    onPageSizeChange(next);
    const target = Math.min(pageForSize(page, pageSize, next), pageCount(total, next));
    if (target !== page) onPageChange(target);
  };
  const atFirst = page <= 1;
  const atLast = page >= count;

  return (
    <nav aria-label={ariaLabel ?? intl.formatMessage(messages.label)} className={pagination()}>
      <div className={controls}>
        <ul className={pages}>
          <li>
            <Button
              className={pageButton}
              aria-label={intl.formatMessage(messages.previous)}
              // aria-disabled, not disabled: a focused button that turned disabled would drop focus on the page.
              aria-disabled={atFirst || undefined}
              onPress={() => go(page - 1)}
            >
              <Icon name="chevronLeft" />
            </Button>
          </li>
          {pageButtons(page, count).map((entry, index) =>
            entry === 'gap' ? (
              <li key={`gap-${index}`} aria-hidden="true" className={gap}>
                …
              </li>
            ) : (
              <li key={entry}>
                <Button
                  className={pageButton}
                  aria-label={intl.formatMessage(messages.page, { page: entry })}
                  aria-current={entry === page ? 'page' : undefined}
                  onPress={() => go(entry)}
                >
                  {intl.formatNumber(entry)}
                </Button>
              </li>
            ),
          )}
          <li>
            <Button
              className={pageButton}
              aria-label={intl.formatMessage(messages.next)}
              aria-disabled={atLast || undefined}
              onPress={() => go(page + 1)}
            >
              <Icon name="chevronRight" />
            </Button>
          </li>
        </ul>
        {/* The list's position, for a reader who looks; not live (said by `go` when the user moves). */}
        <span role="status" aria-live="off" className={status}>
          {intl.formatMessage(messages.status, { page, count })}
        </span>
      </div>
      {onPageSizeChange ? (
        <div className={pageSizeStyle}>
          <Select
            label={intl.formatMessage(messages.pageSize)}
            options={pageSizes.map((size) => ({ id: size, label: intl.formatNumber(size) }))}
            value={pageSize}
            onChange={changeSize}
          />
        </div>
      ) : null}
    </nav>
  );
}
