import type { Meta, StoryObj } from '@storybook/react-vite';
import { useRef, useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Announcer } from '../announcer/Announcer.tsx';
import { clearAnnouncements } from '../announcer/announcer.ts';
import { Button } from '../components/Button/Button.tsx';
import { Toaster } from './Toaster.tsx';
import { addToast, createToastStore, type ToastStore } from './toast.store.ts';

const meta = {
  title: 'Feedback/Toaster',
  component: Toaster,
  beforeEach: () => {
    clearAnnouncements();
  },
} satisfies Meta<typeof Toaster>;
export default meta;
type Story = StoryObj<typeof meta>;

function Demo({ seed }: { seed?: (store: ToastStore) => void }) {
  const [store] = useState(() => {
    const fresh = createToastStore();
    seed?.(fresh);
    return fresh;
  });
  const count = useRef(0);
  return (
    <div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        <Button onPress={() => addToast({ message: 'Feedback submitted successfully', severity: 'success' }, store)}>
          Show success
        </Button>
        <Button
          variant="secondary"
          onPress={() =>
            addToast({ message: 'Something went wrong while trying to update feedback', severity: 'error' }, store)
          }
        >
          Show error
        </Button>
        <Button
          variant="secondary"
          onPress={() =>
            addToast(
              {
                message: 'Conversion complete.',
                severity: 'success',
                channel: 'conversion',
                action: { label: 'Check it now', href: '#check-it-now' },
              },
              store,
            )
          }
        >
          Show conversion result
        </Button>
        <Button
          variant="secondary"
          onPress={() => addToast({ message: `Notification ${++count.current}`, duration: null }, store)}
        >
          Show numbered
        </Button>
      </div>
      <Toaster store={store} />
      <Announcer />
    </div>
  );
}

const region = (name = 'Notifications') => screen.findByRole('region', { name });
const toastTexts = (element: HTMLElement) =>
  within(element)
    .getAllByRole('alertdialog')
    .map((toast) => toast.textContent);

/**
 * Buttons add toasts by keyboard; each is shown newest first and spoken once, by React Aria: its message is
 * the alert inside the toast, never also sent to the announcer's live region; the log keeps it once (errors
 * as assertive).
 */
export const AddByKeyboard: Story = {
  render: () => <Demo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Show success' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const notifications = await region();
    await expect(
      within(notifications).getByRole('alertdialog', { name: 'Feedback submitted successfully' }),
    ).toBeVisible();

    await userEvent.tab();
    await userEvent.keyboard(' ');
    await within(notifications).findByRole('alertdialog', { name: /Something went wrong/ });
    // Newest first.
    await expect(toastTexts(notifications)[0]).toContain('Something went wrong');

    const success = within(notifications).getByRole('alertdialog', { name: 'Feedback submitted successfully' });
    await expect(within(success).getByRole('alert')).toHaveTextContent('Feedback submitted successfully');
    await expect(document.querySelector('[data-live-announcer]')?.textContent ?? '').not.toContain('Feedback');

    const log = canvas.getByRole('log', { name: 'Recent announcements' });
    await expect(within(log).getAllByText('Feedback submitted successfully')).toHaveLength(1);
    await expect(within(log).getByText('Feedback submitted successfully')).toHaveAttribute('data-politeness', 'polite');
    await expect(within(log).getByText(/Something went wrong/)).toHaveAttribute('data-politeness', 'assertive');
  },
};

/**
 * Tab goes on from the page into the toast, its action link and Dismiss. Focus inside the region
 * pauses the timers: the 2.5 s conversion toast is still there after 3 s.
 */
export const ActionReachableWithTab: Story = {
  render: () => <Demo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'Show conversion result' });
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const notifications = await region();
    const toast = within(notifications).getByRole('alertdialog', { name: 'Conversion complete.' });

    // Past the last button of the page, into the toast.
    await userEvent.tab();
    await userEvent.tab();
    await expect(toast).toHaveFocus();
    await userEvent.tab();
    const link = within(toast).getByRole('link', { name: 'Check it now' });
    await expect(link).toHaveFocus();
    await expect(link).toHaveAttribute('href', '#check-it-now');

    await new Promise((resolve) => setTimeout(resolve, 3000));
    await expect(toast).toBeInTheDocument();

    await userEvent.tab();
    await expect(within(toast).getByRole('button', { name: 'Dismiss' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull());
    // Back where the user was before entering the region.
    await expect(canvas.getByRole('button', { name: 'Show numbered' })).toHaveFocus();
  },
};

/** Escape dismisses the toast that has focus. */
export const EscapeDismisses: Story = {
  render: () => <Demo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const notifications = await region();
    await within(notifications).findByRole('alertdialog', { name: /Something went wrong/ });
    // Past the two remaining buttons, into the toast, onto Dismiss.
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(within(notifications).getByRole('alertdialog')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Show numbered' })).toHaveFocus();
  },
};

/** At most four are shown: the fifth drops the oldest. */
export const AtMostFour: Story = {
  render: () => <Demo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (let i = 0; i < 4; i++) await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Show numbered' })).toHaveFocus();
    for (let i = 0; i < 5; i++) await userEvent.keyboard('{Enter}');
    const notifications = await region();
    await waitFor(() =>
      expect(toastTexts(notifications)).toEqual([
        'Notification 5',
        'Notification 4',
        'Notification 3',
        'Notification 2',
      ]),
    );
  },
};

/** A toast goes by itself when its time is up, if nobody is in its region. */
export const ExpiresByItself: Story = {
  render: () => <Demo />,
  play: async () => {
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await region();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull(), {
      timeout: 5000,
    });
  },
};

function positioned(store: ToastStore) {
  addToast({ message: 'Your promo code has been recognized.', position: 'center', duration: null }, store);
  addToast({ message: 'T-Level updated!', severity: 'success', position: 'top', duration: null }, store);
  addToast({ message: 'Daily limit is close', severity: 'warning', duration: null }, store);
}

/** Top, center and bottom are separate landmarks with their own names. */
export const Positions: Story = {
  render: () => <Demo seed={positioned} />,
  play: async () => {
    await expect(await region('Notifications at the top')).toHaveTextContent('T-Level updated!');
    await expect(await region('Notifications in the center')).toHaveTextContent('promo code');
    await expect(await region('Notifications')).toHaveTextContent('Daily limit is close');
  },
};
