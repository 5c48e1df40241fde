import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { announcementLog, clearAnnouncements } from '../../announcer/announcer.ts';
import { Button, PENDING_ANNOUNCE_DELAY } from './Button.tsx';

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: 'Convert', onPress: fn() },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Convert' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onPress).toHaveBeenCalledTimes(2);
  },
};

export const Secondary: Story = { args: { variant: 'secondary', children: 'Cancel' } };

/** Destructive actions on a page are outlined in the danger colour; only AlertDialog confirms with a fill. */
export const Danger: Story = {
  args: { variant: 'danger', children: 'Delete project' },
  play: async ({ canvasElement }) => {
    const style = getComputedStyle(within(canvasElement).getByRole('button', { name: 'Delete project' }));
    await expect(style.backgroundColor).toBe('rgba(0, 0, 0, 0)');
    await expect(style.borderTopColor).toBe(style.color);
  },
};

export const DangerInDarkTheme: Story = { ...Danger, globals: { theme: 'dark' } };

/** Disabled is its own neutral look beside the enabled primary, not the primary faded. */
export const Disabled: Story = {
  args: { isDisabled: true },
  render: (args) => (
    <div style={{ display: 'flex', gap: 12 }}>
      <Button {...args} />
      <Button onPress={args.onPress}>Enabled</Button>
    </div>
  ),
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Convert' });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onPress).not.toHaveBeenCalled();
    const enabled = getComputedStyle(within(canvasElement).getByRole('button', { name: 'Enabled' }));
    const disabled = getComputedStyle(button);
    await expect(disabled.backgroundColor).not.toBe(enabled.backgroundColor);
    await expect(disabled.color).not.toBe(enabled.color);
    await expect(disabled.opacity).toBe('1');
  },
};

export const DisabledInDarkTheme: Story = { ...Disabled, globals: { theme: 'dark' } };

const logged = () => announcementLog.getSnapshot().context.entries.map((e) => [e.message, e.politeness]);

/**
 * Pressed once, the button works until the task ends: it keeps focus, ignores further presses and, as the
 * work takes a while, says so politely (never cutting off the result).
 */
export const Pending: Story = {
  tags: ['no-visual'],
  render: function PendingButton(args) {
    const [busy, setBusy] = useState(false);
    return (
      <Button
        {...args}
        isPending={busy}
        onPress={(event) => {
          args.onPress?.(event);
          setBusy(true);
        }}
      />
    );
  },
  play: async ({ canvasElement, args }) => {
    clearAnnouncements();
    const button = within(canvasElement).getByRole('button', { name: 'Convert' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    await expect(logged()).toEqual([]);
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(button);
    await expect(args.onPress).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(logged()).toEqual([['Convert: working…', 'polite']]), {
      timeout: PENDING_ANNOUNCE_DELAY + 1000,
    });
    // Nothing in the live regions points at the button by id: an announcement survives the page it came from.
    await expect(document.querySelector('[data-live-announcer] [aria-labelledby]')).toBeNull();
  },
};

/** Work that ends at once says nothing about being pending: the result that follows is said on its own. */
export const PendingBriefly: Story = {
  tags: ['no-visual'],
  render: function BrieflyPendingButton(args) {
    const [busy, setBusy] = useState(false);
    return (
      <Button
        {...args}
        isPending={busy}
        onPress={(event) => {
          args.onPress?.(event);
          setBusy(true);
          setTimeout(() => setBusy(false), 100);
        }}
      />
    );
  },
  play: async ({ canvasElement, args }) => {
    clearAnnouncements();
    const button = within(canvasElement).getByRole('button', { name: 'Convert' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    await expect(args.onPress).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, PENDING_ANNOUNCE_DELAY + 200));
    await expect(logged()).toEqual([]);
  },
};
