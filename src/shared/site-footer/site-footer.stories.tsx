import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SiteFooter } from './site-footer.tsx';

const navigate = fn();

/** The one footer of the marketing, sign-in and app layouts (each puts it in its contentinfo landmark). */
const meta = {
  title: 'Shared/SiteFooter',
  component: SiteFooter,
  args: { copyrightYear: 2026, contactHref: 'https://example.com/request-a-call' },
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <footer>
          <Story />
        </footer>
      </RouterProvider>
    ),
  ],
} satisfies Meta<typeof SiteFooter>;
export default meta;
type Story = StoryObj<typeof meta>;

const names = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByRole('link')
    .map((link) => link.textContent);

/** Marketing and sign-in pages: the public pages, the legal pages, Contact Us and the copyright; by keyboard. */
export const Site: Story = {
  args: { currentPath: '/faq' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('navigation', { name: 'Footer' })).toBeVisible();
    await expect(names(canvasElement)).toEqual([
      'Pricing',
      'Use Cases',
      'FAQ',
      'Pitch tool',
      'Terms Of Use',
      'Acceptable Use Policy',
      'Contact Us (opens in a new tab)',
    ]);
    await expect(canvas.getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Contact Us (opens in a new tab)' })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(canvas.getByText('© 2026 Timbre')).toBeVisible();
    navigate.mockClear();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Pricing' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenCalledWith('/pricing', undefined);
  },
};

/** In the app: one compact line that adds Help. */
export const Compact: Story = {
  args: { variant: 'compact' },
  play: async ({ canvasElement }) => {
    await expect(names(canvasElement)[0]).toBe('Help');
    await expect(within(canvasElement).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help-video');
  },
};

/** A 320px screen: the links wrap, nothing scrolls sideways. */
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div data-testid="narrow" style={{ width: 320 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const frame = within(canvasElement).getByTestId('narrow');
    await expect(frame.scrollWidth).toBeLessThanOrEqual(320);
    for (const link of within(frame).getAllByRole('link')) {
      await expect(link.getBoundingClientRect().right).toBeLessThanOrEqual(frame.getBoundingClientRect().right);
    }
  },
};
