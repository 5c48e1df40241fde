import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Chart } from './Chart.tsx';

const week = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((label, i) => ({
  label,
  value: [3, 0, 5, 2, 8, 1, 4][i]!,
}));

const meta = {
  title: 'Components/Chart',
  component: Chart,
  args: {
    title: 'Minutes converted per day',
    summary: '23 minutes in the last 7 days; the most on Fri (8).',
    data: week,
    labelHeader: 'Day',
    valueHeader: 'Minutes',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Chart>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The bars are one image named by the summary; the keyboard opens the same numbers as a table. */
export const Bars: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: /Minutes converted per day 23 minutes/ })).toBeInTheDocument();
    await expect(canvasElement.querySelectorAll('rect[data-value]')).toHaveLength(7);
    await userEvent.tab();
    const toggle = canvas.getByRole('button', { name: 'Show the data as a table' });
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const table = canvas.getByRole('table', { name: 'Minutes converted per day' });
    await expect(within(table).getByRole('rowheader', { name: 'Fri' })).toBeInTheDocument();
    await expect(within(table).getAllByRole('row')).toHaveLength(8);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  },
};

/** A level over time as a line. */
export const Line: Story = {
  args: { kind: 'line', title: 'Minutes left', summary: '4 minutes left today.', valueHeader: 'Minutes left' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('polyline')).not.toBeNull();
    await expect(canvasElement.querySelectorAll('circle[data-value]')).toHaveLength(7);
  },
};

/** No data at all still draws the axis and an empty table. */
export const Empty: Story = {
  args: { data: [], summary: 'Nothing converted yet.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: /Nothing converted yet/ })).toBeInTheDocument();
  },
};
