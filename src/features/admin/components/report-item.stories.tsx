import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { makeReport } from '../story-fakes.ts';
import { adminWorld } from './story-world.ts';
import { ReportItem } from './report-item.tsx';

const [issue, feedback] = adminWorld().reports;

const meta = {
  title: 'Features/Admin/Report item',
  component: ReportItem,
  args: { report: issue!, onMark: fn(), mediaElement: 'video' },
} satisfies Meta<typeof ReportItem>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A red user's conversion issue: the A/B player with the original and the conversion, both marks. */
export const ConversionIssue: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Red: needs to be checked')).toBeVisible();
    await expect(canvas.getByRole('group', { name: /Original and conversion/ })).toBeVisible();
    const seen = canvas.getByRole('button', { name: 'Mark seen' });
    for (let i = 0; i < 30 && document.activeElement !== seen; i++) await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(args.onMark).toHaveBeenCalledWith(args.report, 'seen');
  },
};

/** Feedback with its attachment as a signed link. */
export const Feedback: Story = {
  args: { report: feedback! },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'shot.png' })).toBeVisible();
  },
};

/** A resolved report from a visitor, whose conversion is gone: no marks left. */
export const ResolvedFromVisitor: Story = {
  args: {
    report: makeReport(3, {
      status: 'resolved',
      user: null,
      conversion: { ...issue!.conversion!, url: null, deleted: true },
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('From a visitor')).toBeVisible();
    await expect(canvas.getByText('The user has deleted this conversion.')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};
