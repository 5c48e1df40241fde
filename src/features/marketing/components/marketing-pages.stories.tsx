import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { MemoryRouter } from 'react-router';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FaqPage } from './faq-page.tsx';
import { LandingPage } from './landing-page.tsx';
import { AupPage, TermsOfUsePage } from './legal-page.tsx';
import { PricingPage } from './pricing-page.tsx';
import { UseCasesPage } from './use-cases-page.tsx';

const navigate = fn();

/**
 * The marketing feature's pages on their own (the layouts have stories of their own). A memory router stands
 * in for the app's, and React Aria's links record navigation instead of leaving the story.
 */
const meta = {
  title: 'Features/Marketing',
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <MemoryRouter>
        <RouterProvider navigate={navigate}>
          <main>
            <Story />
          </main>
        </RouterProvider>
      </MemoryRouter>
    ),
  ],
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Landing: Story = {
  render: () => <LandingPage />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your voice, in any voice' })).toBeVisible();
    navigate.mockClear();
    await userEvent.tab();
    await expect(canvas.getAllByRole('link', { name: 'Try For Free' })[0]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenCalledWith('/signup', undefined);
  },
};

export const Pricing: Story = {
  render: () => <PricingPage forBusinessHref="https://example.com/business" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const standard = canvas.getByRole('article', { name: 'Standard' });
    await expect(standard).toHaveTextContent('$199 a month');
    await expect(canvas.getByRole('article', { name: 'Pro' })).toHaveTextContent('$499 a month');
    await expect(canvas.getByText('Yearly billing saves up to 16%.')).toBeVisible();
  },
};

export const PricingYearly: Story = {
  render: () => <PricingPage forBusinessHref="https://example.com/business" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const monthly = canvas.getByRole('radio', { name: 'Monthly' });
    await userEvent.tab();
    await expect(monthly).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    await expect(canvas.getByRole('article', { name: 'Standard' })).toHaveTextContent('$1,999 a year');
    await expect(canvas.getByRole('article', { name: 'Pro' })).toHaveTextContent('$4,999 a year');
    await expect(canvas.getByRole('article', { name: 'Pro' })).toHaveTextContent('Save 16% against monthly billing');
  },
};

export const UseCases: Story = {
  render: () => <UseCasesPage />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('article', { name: 'Accessibility' })).toBeVisible();
    await expect(canvas.getAllByRole('article')).toHaveLength(6);
  },
};

export const Faq: Story = {
  render: () => <FaqPage contactHref="https://example.com/request-a-call" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const semitones = canvas.getByRole('button', { name: 'What does the semitone setting do?' });
    // Contact Us, then the questions in order.
    for (let i = 0; i < 4; i++) await userEvent.tab();
    await expect(semitones).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(semitones).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(canvas.getByText(/steps of half a semitone/)).toBeVisible());
  },
};

export const TermsOfUse: Story = {
  render: () => <TermsOfUsePage />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('navigation', { name: 'On this page' })).toBeVisible();
    await expect(canvas.getAllByRole('heading', { level: 2 })).toHaveLength(10);
  },
};

export const AcceptableUsePolicy: Story = {
  render: () => <AupPage />,
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Oops! Your content doesn’t meet our moderation guidelines.', { exact: false }),
    ).toBeVisible();
  },
};
