import { expect, test, type Page } from './fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { signUp, skipWizard, verifyFromOutbox } from './journeys.ts';
import { activate, tabBackTo, tabTo } from './keyboard.ts';
import { recordSpeech } from './spoken.ts';

// Issue 19's consent: a guest on / sees the consent dialog; rejecting loads no third-party script (checked from
// the network log); accepting loads the test tracker the e2e server is configured with (GOOGLE_TAG_ID=G-TEST0000,
// playwright.config.ts) and sends POST /api/v3/events/google; no tracker ever loads on /projects; the choice is
// remembered and can be changed from the footer. These tests start with no answer in the browser.
test.use({ consentChoice: null });
// Each test loads several pages and checks axe with the dialog open: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

const TAG_ID = 'G-TEST0000';

declare global {
  interface Window {
    /** How many times the stand-in for Google's script ran in this document. */
    __googleTagRuns?: number;
    /** What gtag() pushed (src/shared/consent/google-tag.ts declares it for the app). */
    dataLayer?: unknown[];
  }
}

/**
 * The network as the page sees it: every request to another host than the app's (the machine has no internet,
 * so Google's script is answered here by a stand-in that counts its runs), and the app's events/google calls.
 */
async function watchNetwork(page: Page, appOrigin: string) {
  const thirdParty: string[] = [];
  const googleEvents: { consent: string | undefined; body: Record<string, unknown> }[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!/^https?:/.test(url)) return;
    if (new URL(url).origin !== appOrigin) thirdParty.push(url);
    if (new URL(url).pathname === '/api/v3/events/google' && request.method() === 'POST') {
      googleEvents.push({
        consent: request.headers()['x-tracking-consent'],
        body: request.postDataJSON() as Record<string, unknown>,
      });
    }
  });
  await page.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/javascript',
      body: 'window.__googleTagRuns = (window.__googleTagRuns || 0) + 1;',
    }),
  );
  return { thirdParty, googleEvents };
}

/** The gtag() commands of this document: `[command, name, params]` (the dataLayer holds Arguments objects). */
const gtagCommands = (page: Page): Promise<unknown[][]> =>
  page.evaluate(() => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)));

const consentDialog = (page: Page, name = 'Cookies on Timbre') => page.getByRole('dialog', { name });

test('a guest who rejects: no third-party request, no events/google; the refusal is remembered', async ({
  page,
  baseURL,
}) => {
  const network = await watchNetwork(page, new URL(baseURL!).origin);
  const speech = await recordSpeech(page);
  await page.goto('/');
  const dialog = consentDialog(page);
  await expect(dialog).toBeVisible();
  // It takes focus (React Aria's dialog) so a keyboard or screen-reader user meets it first; the page stays readable.
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Your voice, in any voice' })).toBeVisible();
  await expectNoAxeViolations(page);

  await activate(page, dialog.getByRole('button', { name: 'Reject all' }));
  await expect(dialog).toBeHidden();
  await expect
    .poll(() => speech.announced())
    .toContain('Cookie choices saved: analytics refused, advertising refused.');

  // On to another public page, and a reload: nothing leaves for another host, and nothing is asked again.
  await activate(page, page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(consentDialog(page)).toBeHidden();
  expect(network.thirdParty, 'requests to other hosts').toEqual([]);
  expect(network.googleEvents, 'POST /api/v3/events/google').toEqual([]);
  expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
  expect(await page.evaluate(() => window.__googleTagRuns)).toBeUndefined();
});

test("a guest who accepts: Google's tag loads and page views go to events/google; remembered across reloads", async ({
  page,
  baseURL,
}) => {
  const network = await watchNetwork(page, new URL(baseURL!).origin);
  await page.goto('/');
  const dialog = consentDialog(page);
  await expect(dialog).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Nothing before the answer.
  expect(network.thirdParty).toEqual([]);

  const sent = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/v3/events/google' && r.request().method() === 'POST',
  );
  await activate(page, dialog.getByRole('button', { name: 'Accept all' }));
  await expect(dialog).toBeHidden();
  expect((await sent).status()).toBe(204);
  expect(network.googleEvents).toEqual([
    { consent: 'granted', body: expect.objectContaining({ event: 'page_view', page: '/', signed_in: false }) },
  ]);
  await expect.poll(() => page.evaluate(() => window.__googleTagRuns)).toBe(1);
  expect(network.thirdParty).toEqual([`https://www.googletagmanager.com/gtag/js?id=${TAG_ID}`]);
  const commands = await gtagCommands(page);
  expect(commands).toContainEqual(['config', TAG_ID, { send_page_view: false }]);
  expect(commands).toContainEqual(['event', 'page_view', expect.objectContaining({ page_path: '/' })]);

  // Another public page: one more view each way; a reload: no dialog, the tag loads again by itself.
  await activate(page, page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => network.googleEvents.length).toBe(2);
  expect(network.googleEvents[1]!.body).toMatchObject({ event: 'page_view', page: '/faq', origin: '/' });
  await page.reload();
  await expect.poll(() => page.evaluate(() => window.__googleTagRuns)).toBe(1);
  await expect(consentDialog(page)).toBeHidden();
  await expect.poll(() => network.googleEvents.length).toBe(3);
});

test('no tracker in the signed-in app, even for a guest who accepted: the sign-up conversion is its last event', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const network = await watchNetwork(page, new URL(baseURL!).origin);
  await page.goto('/');
  await activate(page, consentDialog(page).getByRole('button', { name: 'Accept all' }));
  await expect.poll(() => page.evaluate(() => window.__googleTagRuns)).toBe(1);

  // Sign up (/signup loads the tag again: it is a page load), which reports the conversion while still a guest.
  const conversion = page.waitForRequest(
    (r) =>
      new URL(r.url()).pathname === '/api/v3/events/google' &&
      (r.postDataJSON() as { event?: string } | null)?.event === 'sign_up',
  );
  const email = await signUp(page, 'Grace');
  expect((await conversion).headers()['x-tracking-consent']).toBe('granted');
  // In the same document, signed in now: the tag is switched off and told of nothing more.
  const events = (await gtagCommands(page)).filter(([command]) => command === 'event');
  expect(events.at(-1)?.[1]).toBe('sign_up');
  expect(events.some(([, , params]) => (params as { page_path?: string })?.page_path === '/unverified')).toBe(false);
  expect(await page.evaluate((id) => (window as unknown as Record<string, unknown>)[`ga-disable-${id}`], TAG_ID)).toBe(
    true,
  );
  await verifyFromOutbox(page, email);
  await skipWizard(page);

  // The app, loaded afresh and navigated: no script, no dataLayer, no request to another host, no events/google.
  const before = { thirdParty: network.thirdParty.length, googleEvents: network.googleEvents.length };
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(network.thirdParty.slice(before.thirdParty)).toEqual([]);
  expect(network.googleEvents.slice(before.googleEvents)).toEqual([]);
  expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
  expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();
  // Signed in, the footer offers no cookie settings and no dialog appears.
  await expect(page.getByRole('button', { name: 'Cookie settings' })).toBeHidden();
  await expect(consentDialog(page)).toBeHidden();
});

test('the choice can be changed from the footer: a refusal becomes a consent, then a refusal again', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const network = await watchNetwork(page, new URL(baseURL!).origin);
  await page.goto('/login');
  await activate(page, consentDialog(page).getByRole('button', { name: 'Reject all' }));
  await expect(consentDialog(page)).toBeHidden();
  await page.reload();
  const settings = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' });
  await expect(settings).toBeVisible();
  await expect(consentDialog(page)).toBeHidden();

  await activate(page, settings);
  const dialog = consentDialog(page, 'Cookie settings');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: /Analytics/ })).not.toBeChecked();
  await expectNoAxeViolations(page);
  await tabTo(page, dialog.getByRole('checkbox', { name: /Analytics/ }));
  await page.keyboard.press('Space');
  await activate(page, dialog.getByRole('button', { name: 'Save choices' }));
  await expect(dialog).toBeHidden();
  // Focus is back on the button that opened it; analytics alone is enough for Google's analytics tag.
  await expect(settings).toBeFocused();
  await expect.poll(() => page.evaluate(() => window.__googleTagRuns)).toBe(1);
  await expect.poll(() => network.googleEvents.length).toBe(1);
  expect(network.googleEvents[0]).toEqual({
    consent: 'granted',
    body: expect.objectContaining({ event: 'page_view', page: '/login' }),
  });

  await activate(page, settings);
  await activate(page, consentDialog(page, 'Cookie settings').getByRole('button', { name: 'Reject all' }));
  await expect(settings).toBeFocused();
  // Back up the footer to its Pricing link (before the button).
  await tabBackTo(page, page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(network.googleEvents).toHaveLength(1);
  expect(await page.evaluate((id) => (window as unknown as Record<string, unknown>)[`ga-disable-${id}`], TAG_ID)).toBe(
    true,
  );
  expect((await gtagCommands(page)).filter(([command]) => command === 'event')).toHaveLength(1);
});
