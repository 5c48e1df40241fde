import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { clearAnnouncements } from '../../announcer/announcer.ts';
import { Pagination, type PaginationProps } from './Pagination.tsx';
import { announced, tabTo } from '../../testing/index.ts';

/** A controlled Pagination, as a list screen holds it. */
function PagedList(props: PaginationProps) {
  const [page, setPage] = useState(props.page);
  const [pageSize, setPageSize] = useState(props.pageSize);
  return (
    <Pagination
      {...props}
      page={page}
      pageSize={pageSize}
      onPageChange={(next) => {
        setPage(next);
        props.onPageChange(next);
      }}
      onPageSizeChange={(next) => {
        setPageSize(next);
        props.onPageSizeChange?.(next);
      }}
    />
  );
}

const meta = {
  title: 'Components/Pagination',
  component: Pagination,
  args: { page: 1, pageSize: 40, total: 260, onPageChange: fn(), onPageSizeChange: fn() },
  render: (args) => <PagedList {...args} />,
} satisfies Meta<typeof Pagination>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Enter on a page button goes there: aria-current moves and the status shows the new page, which is said
 * once, because the user moved; arriving at the list says no page (the status is not live).
 */
export const PagesByKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    clearAnnouncements();
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Pagination' });
    const status = within(nav).getByRole('status');
    await expect(status).toHaveTextContent('Page 1 of 7');
    await expect(status).toHaveAttribute('aria-live', 'off');
    await expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(announced()).toEqual([]);

    await userEvent.tab();
    const previous = within(nav).getByRole('button', { name: 'Previous page' });
    await expect(previous).toHaveFocus();
    // On page 1 Previous is unavailable, yet focusable: Enter does nothing.
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Enter}');
    await expect(args.onPageChange).not.toHaveBeenCalled();

    const page3 = within(nav).getByRole('button', { name: 'Page 3' });
    await tabTo(page3);
    await userEvent.keyboard('{Enter}');
    await expect(args.onPageChange).toHaveBeenLastCalledWith(3);
    await expect(page3).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).getByRole('button', { name: 'Page 1' })).not.toHaveAttribute('aria-current');
    await expect(status).toHaveTextContent('Page 3 of 7');
    await expect(announced()).toEqual(['Page 3 of 7']);
    await expect(previous).not.toHaveAttribute('aria-disabled');
  },
};

/** Next and Previous step one page; at the last page Next keeps focus but does nothing. */
export const NextAndPrevious: Story = {
  args: { page: 6 },
  play: async ({ canvasElement, args }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Pagination' });
    const next = within(nav).getByRole('button', { name: 'Next page' });
    await tabTo(next);
    await userEvent.keyboard('{Enter}');
    await expect(args.onPageChange).toHaveBeenLastCalledWith(7);
    await expect(within(nav).getByRole('button', { name: 'Page 7' })).toHaveAttribute('aria-current', 'page');
    await expect(next).toHaveFocus();
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Enter}');
    await expect(args.onPageChange).toHaveBeenCalledTimes(1);

    await userEvent.tab({ shift: true }); // Page 7
    await userEvent.tab({ shift: true }); // Page 6
    await userEvent.tab({ shift: true }); // Page 5
    await expect(within(nav).getByRole('button', { name: 'Page 5' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onPageChange).toHaveBeenLastCalledWith(5);
    await expect(within(nav).getByRole('status')).toHaveTextContent('Page 5 of 7');
  },
};

/** The page-size Select: choosing 100 keeps the first item in view (item 81 of page 3 is on page 1). */
export const PageSizeByKeyboard: Story = {
  args: { page: 3 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(document.body);
    const trigger = canvas.getByRole('button', { name: /Rows per page/ });
    await expect(trigger).toHaveTextContent('40');
    await tabTo(trigger);
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await body.findByRole('listbox', { name: 'Rows per page' });
    await waitFor(() => expect(within(listbox).getByRole('option', { name: '40' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());

    await expect(args.onPageSizeChange).toHaveBeenLastCalledWith(100);
    await expect(args.onPageChange).toHaveBeenLastCalledWith(1);
    await expect(trigger).toHaveTextContent('100');
    await expect(canvas.getByRole('status')).toHaveTextContent('Page 1 of 3');
  },
};

/** Many pages: the first, the last, and the current page with its neighbours; gaps are not read out. */
export const ManyPages: Story = {
  args: { page: 50, pageSize: 20, total: 2000 },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Pagination' });
    const names = within(nav)
      .getAllByRole('button', { name: /^Page \d+$/ })
      .map((b) => b.getAttribute('aria-label'));
    await expect(names).toEqual(['Page 1', 'Page 49', 'Page 50', 'Page 51', 'Page 100']);
    await expect(within(nav).getByRole('status')).toHaveTextContent('Page 50 of 100');
  },
};

export const OnePage: Story = {
  args: { total: 12 },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Pagination' });
    await expect(within(nav).getByRole('button', { name: 'Previous page' })).toHaveAttribute('aria-disabled', 'true');
    await expect(within(nav).getByRole('button', { name: 'Next page' })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** "Page x of y" sits centred under its buttons, whatever the page-size choice beside them. */
export const StatusCentredWithButtons: Story = {
  args: { page: 4 },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Pagination' });
    const buttons = within(nav).getAllByRole('listitem');
    const first = buttons[0]!.getBoundingClientRect();
    const last = buttons[buttons.length - 1]!.getBoundingClientRect();
    const status = within(nav).getByRole('status').getBoundingClientRect();
    const buttonsCentre = (first.left + last.right) / 2;
    await expect(Math.abs(status.left + status.width / 2 - buttonsCentre)).toBeLessThanOrEqual(1);
    await expect(status.top).toBeGreaterThanOrEqual(first.bottom);
  },
};
