import { describe, expect, it } from 'vitest';
import type { ResourceState } from '../../../machines/index.ts';
import { shownOf, type LoadedPage } from './paged-list.tsx';

type Page = LoadedPage<{ id: string }>;
const page: Page = { items: [{ id: 'a' }, { id: 'b' }], total: 12 };

const loading = (value?: Page): ResourceState<Page> => ({ status: 'loading', value, error: null, message: null });

describe('what a paged list shows', () => {
  it('says it is loading until the first page lands', () => {
    expect(shownOf(loading(), null)).toEqual({ status: 'loading', error: null, items: [], total: 0 });
  });

  it('shows the page that landed', () => {
    const ready: ResourceState<Page> = { status: 'ready', value: page, error: null, message: null };
    expect(shownOf(ready, null)).toEqual({ status: 'ready', error: null, items: page.items, total: 12 });
  });

  it('keeps the rows in place while another page, query or page size loads', () => {
    expect(shownOf(loading(page), null)).toEqual({ status: 'ready', error: null, items: page.items, total: 12 });
  });

  it('shows a failure with no rows, and keeps showing it while the list asks again', () => {
    const failed: ResourceState<Page> = { status: 'error', value: page, error: new Error(), message: 'No network.' };
    expect(shownOf(failed, null)).toEqual({ status: 'error', error: 'No network.', items: [], total: 0 });
    expect(shownOf(loading(page), 'No network.')).toEqual({
      status: 'error',
      error: 'No network.',
      items: [],
      total: 0,
    });
  });
});
