import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Skeleton } from '../Skeleton/Skeleton.tsx';
import { Stack } from '../Stack/Stack.tsx';
import { LoadState } from './LoadState.tsx';

const onRetry = fn();

const meta = {
  title: 'Components/LoadState',
  component: LoadState,
  args: {
    status: 'loading',
    loading: 'Loading projects…',
    error: 'Could not load the projects: no network.',
    onRetry,
    children: 'Three projects',
  },
} satisfies Meta<typeof LoadState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading projects…');
  },
};

/** Skeletons in the loaded layout's shape: the loading line is said, not shown, and the skeletons are hidden. */
export const LoadingWithSkeletons: Story = {
  args: {
    placeholder: (
      <Stack gap="sm">
        <Skeleton shape="rect" height="3rem" />
        <Skeleton shape="rect" height="3rem" />
        <Skeleton shape="rect" height="3rem" />
      </Stack>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading projects…');
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
    await expect(canvasElement.querySelectorAll('[aria-hidden="true"] > *').length).toBeGreaterThan(0);
  },
};

export const Failed: Story = {
  args: { status: 'error' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not load the projects: no network.');
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Ready: Story = {
  args: { status: 'ready' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Three projects')).toBeVisible();
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};
