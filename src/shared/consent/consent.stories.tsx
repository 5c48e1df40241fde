import type { Meta, StoryObj } from '@storybook/react-vite';
import { Outlet } from 'react-router';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { PageBlock, PageHeader } from '../../../design-system/index.ts';
import { testUser } from '../../api/testing/index.ts';
import { browserStorage, CONSENT_KEY, readConsent, saveConsent } from '../../machines/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../../machines/story-harness.tsx';
import { SiteFooter } from '../site-footer/site-footer.tsx';
import { ConsentHost } from './consent-host.tsx';
import { announced, tabTo } from '../../../design-system/testing/index.ts';

/**
 * The consent dialog as the app shows it (the root's ConsentHost) to a guest on the landing page, with the
 * page's heading and the site footer around it, over the real API client and a fake server that records
 * POST /api/v3/events/google. Keyboard only. No Google tag is configured here (no <meta name="google-tag-id">):
 * the e2e suite loads one (tests/e2e/consent.spec.ts).
 */

const googleEvents = (harness: Harness) =>
  harness.calls.filter((c) => c.method === 'POST' && c.path === '/api/v3/events/google');

function Landing() {
  return (
    <>
      <main>
        <PageBlock width="medium" gap="md">
          <PageHeader title="Your voice, in any voice" />
          <p>The page stays readable and usable while the dialog asks.</p>
        </PageBlock>
      </main>
      <footer>
        <SiteFooter copyrightYear={2026} contactHref="https://example.com/request-a-call" />
      </footer>
    </>
  );
}

/** The root's part: the host first (the Tab order starts at the dialog), then the page. */
function Root() {
  return (
    <>
      <ConsentHost />
      <Outlet />
    </>
  );
}

async function loadGuest(stored: 'none' | 'rejected' = 'none') {
  const local = browserStorage();
  local?.removeItem(CONSENT_KEY);
  if (stored === 'rejected') saveConsent(local, { analytics: false, advertising: false });
  return createHarness({ path: '/', routes: { 'POST /api/v3/events/google': { status: 204 } } });
}

const meta = {
  title: 'Shared/Consent dialog',
  loaders: [async () => ({ harness: await loadGuest() })],
  render: (_args, { loaded }) => (
    <HarnessRouter harness={loaded.harness as Harness} pattern="/" layout={<Root />}>
      <Landing />
    </HarnessRouter>
  ),
  parameters: { layout: 'fullscreen' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** A first visit: the dialog takes focus; "Accept all" keeps the answer, announces it and sends the page view. */
export const AcceptAll: Story = {
  play: async ({ canvasElement, loaded }) => {
    const harness = loaded.harness as Harness;
    const canvas = within(canvasElement);
    const dialog = await canvas.findByRole('dialog', { name: 'Cookies on Timbre' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // Not modal: the page is still there to read, and nothing was sent before the answer.
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your voice, in any voice' })).toBeVisible();
    await expect(googleEvents(harness)).toHaveLength(0);
    // It fits the screen, nothing scrolls sideways.
    const frame = dialog.parentElement!.getBoundingClientRect();
    await expect(frame.right).toBeLessThanOrEqual(window.innerWidth);
    await expect(frame.bottom).toBeLessThanOrEqual(window.innerHeight);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    // "Accept all" and "Reject all" weigh the same.
    const accept = within(dialog).getByRole('button', { name: 'Accept all' });
    const reject = within(dialog).getByRole('button', { name: 'Reject all' });
    await expect(accept.className).toBe(reject.className);

    await tabTo(accept);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(readConsent(browserStorage())).toMatchObject({ version: 1, analytics: true, advertising: true });
    await waitFor(() => expect(announced()).toContain('Cookie choices saved: analytics allowed, advertising allowed.'));
    await waitFor(() => expect(googleEvents(harness)).toHaveLength(1));
    const [call] = googleEvents(harness);
    await expect(call!.headers.get('X-Tracking-Consent')).toBe('granted');
    await expect(call!.body).toMatchObject({ event: 'page_view', page: '/', signed_in: false });
    // Focus goes to the page's heading (nothing had focus before the dialog took it).
    await waitFor(() => expect(canvas.getByRole('heading', { level: 1 })).toHaveFocus());
    await expect(canvas.getByRole('button', { name: 'Cookie settings' })).toBeVisible();
  },
};

/** "Reject all" keeps the refusal: nothing is sent to Google, ever. */
export const RejectAll: Story = {
  play: async ({ canvasElement, loaded }) => {
    const harness = loaded.harness as Harness;
    const canvas = within(canvasElement);
    const dialog = await canvas.findByRole('dialog', { name: 'Cookies on Timbre' });
    await tabTo(within(dialog).getByRole('button', { name: 'Reject all' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(readConsent(browserStorage())).toMatchObject({ analytics: false, advertising: false });
    await waitFor(() => expect(announced()).toContain('Cookie choices saved: analytics refused, advertising refused.'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(googleEvents(harness)).toHaveLength(0);
  },
};

/** "Choose": one checkbox per category, then "Save choices" keeps exactly what was ticked. */
export const Choose: Story = {
  play: async ({ canvasElement, loaded }) => {
    const harness = loaded.harness as Harness;
    const canvas = within(canvasElement);
    const dialog = await canvas.findByRole('dialog', { name: 'Cookies on Timbre' });
    await tabTo(within(dialog).getByRole('button', { name: 'Choose' }));
    await userEvent.keyboard('{Enter}');
    const analytics = await within(dialog).findByRole('checkbox', { name: /Analytics/ });
    const advertising = within(dialog).getByRole('checkbox', { name: /Advertising/ });
    await expect(analytics).toHaveFocus();
    await expect(analytics).not.toBeChecked();
    await expect(advertising).not.toBeChecked();
    await expect(analytics).toHaveAccessibleDescription('How visitors use our public pages (Google Analytics).');
    await userEvent.keyboard(' ');
    await expect(analytics).toBeChecked();
    await tabTo(within(dialog).getByRole('button', { name: 'Save choices' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(readConsent(browserStorage())).toMatchObject({ analytics: true, advertising: false });
    await waitFor(() => expect(announced()).toContain('Cookie choices saved: analytics allowed, advertising refused.'));
    await waitFor(() => expect(googleEvents(harness)).toHaveLength(1));
  },
};

/**
 * A remembered refusal: no dialog; "Cookie settings" in the footer reopens it on the choices as they are, a new
 * answer is kept and focus returns to the button; Escape closes it unchanged.
 */
export const ChangeFromTheFooter: Story = {
  loaders: [async () => ({ harness: await loadGuest('rejected') })],
  play: async ({ canvasElement, loaded }) => {
    const harness = loaded.harness as Harness;
    const canvas = within(canvasElement);
    const settings = await canvas.findByRole('button', { name: 'Cookie settings' });
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await tabTo(settings);
    await userEvent.keyboard('{Enter}');
    const dialog = await canvas.findByRole('dialog', { name: 'Cookie settings' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await expect(within(dialog).getByRole('checkbox', { name: /Analytics/ })).not.toBeChecked();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(settings).toHaveFocus());
    await expect(readConsent(browserStorage())).toMatchObject({ analytics: false });

    await userEvent.keyboard('{Enter}');
    const again = await canvas.findByRole('dialog', { name: 'Cookie settings' });
    await tabTo(within(again).getByRole('button', { name: 'Accept all' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(settings).toHaveFocus());
    await expect(readConsent(browserStorage())).toMatchObject({ analytics: true, advertising: true });
    await waitFor(() => expect(googleEvents(harness)).toHaveLength(1));
  },
};

/** Signed in: no dialog, no "Cookie settings", nothing sent, whatever the browser answered before. */
export const SignedIn: Story = {
  loaders: [
    async () => {
      browserStorage()?.removeItem(CONSENT_KEY);
      return {
        harness: await createHarness({
          path: '/',
          user: testUser(),
          routes: { 'POST /api/v3/events/google': { status: 204 } },
        }),
      };
    },
  ],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1 })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Cookie settings' })).toBeNull();
    await expect(googleEvents(loaded.harness as Harness)).toHaveLength(0);
  },
};
