import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { PageHeader } from './PageHeader.tsx';

const onRequest = fn();
const onExport = fn();

const meta = {
  title: 'Components/PageHeader',
  component: PageHeader,
  args: {
    title: 'Voice talents',
    description:
      'Custom voices made with voice talents. Use them like any marketplace voice, or ask for a custom voice of your own.',
  },
} satisfies Meta<typeof PageHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TitleAndDescription: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Voice talents' })).toBeVisible();
    await expect(canvas.getByText(/Custom voices made with voice talents/)).toBeVisible();
  },
};

/** Actions sit beside the title and are reached with Tab after it. */
export const WithActions: Story = {
  args: {
    actions: (
      <>
        <Button variant="secondary" onPress={onExport}>
          Export
        </Button>
        <Button onPress={onRequest}>Request a custom voice</Button>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Export' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Request a custom voice' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onRequest).toHaveBeenCalledTimes(1);
    await expect(onExport).not.toHaveBeenCalled();
  },
};

/** On a phone the actions wrap under the title. */
export const WithActionsMobile: Story = {
  ...WithActions,
  tags: ['mobile'],
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: undefined,
};

/**
 * A focusable title (tabIndex -1) for pages that move focus to it after a navigation; Tab skips it. Focused
 * by script it draws no ring, even right after a key press (a reading position, not a control); the
 * buttons beside it keep theirs.
 */
export const FocusableTitle: Story = {
  args: {
    title: 'Projects',
    description: undefined,
    titleFocusable: true,
    actions: <Button onPress={onRequest}>New project</Button>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const title = canvas.getByRole('heading', { level: 1, name: 'Projects' });
    await expect(title).toHaveAttribute('tabindex', '-1');
    await userEvent.tab();
    const button = canvas.getByRole('button', { name: 'New project' });
    await expect(button).toHaveFocus();
    await expect(getComputedStyle(button).outlineStyle).toBe('solid');
    title.focus();
    await expect(title).toHaveFocus();
    await expect(getComputedStyle(title).outlineStyle).toBe('none');
  },
};

/** The title role: 28/600 on one 36px line; with 44px buttons beside it the header row stays ≤ 56px. */
export const TitleRowHeight: Story = {
  args: {
    title: 'Voice talents',
    description: undefined,
    actions: <Button onPress={onRequest}>Request a custom voice</Button>,
  },
  play: async ({ canvasElement }) => {
    const title = within(canvasElement).getByRole('heading', { level: 1 });
    const style = getComputedStyle(title);
    await expect(style.fontSize).toBe('28px');
    await expect(style.fontWeight).toBe('600');
    await expect(title.getBoundingClientRect().height).toBe(36);
    await expect(title.parentElement!.getBoundingClientRect().height).toBeLessThanOrEqual(56);
  },
};
