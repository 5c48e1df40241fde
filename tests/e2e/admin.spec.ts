import { pcmWav, syntheticVoice } from '../support/audio.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test, type Page } from './fixtures.ts';
import { logInAsAdmin, signUpTrialUser, unique } from './journeys.ts';
import { activate, tabBackTo, tabTo, typeInto } from './keyboard.ts';

// Issue 18: the admin console, keyboard only, as the seeded admin; a plain user's report reaches its queue.

/** The plain user's conversion (upload and order through the API the app uses), reported as an issue. */
async function reportAConversion(page: Page, description: string) {
  const { csrf_token: csrf } = (await (await page.request.post('/api/v3/auth')).json()) as { csrf_token: string };
  const headers = { 'x-csrf-token': csrf };
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const response = await page.request.post(path, { data, headers });
    expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  const project = await post<{ id: string }>('/api/projects', { name: `Report ${unique()}` });
  const folder = await post<{ id: string }>('/api/folders', { project_id: project.id, name: 'Takes' });
  const wav = pcmWav([syntheticVoice({ seconds: 3, f0: 140, sampleRate: 48000, seed: 7 })], 48000);
  const upload = await page.request.post('/api/recordings', {
    headers,
    multipart: {
      data: { name: 'take.wav', mimeType: 'audio/wav', buffer: wav },
      project_id: project.id,
      parent_folder_id: folder.id,
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const [original] = ((await upload.json()) as { items: { id: string }[] }).items;
  const voices = (
    (await (await page.request.get('/api/v2/voices?limit=50')).json()) as {
      items: { id: string; available: boolean }[];
    }
  ).items.filter((v) => v.available);
  await post('/api/v2/orders', {
    original_id: original!.id,
    conversions: [{ voice_id: voices[0]!.id, semitones_correction: 0 }],
  });
  const conversions = (await (
    await page.request.get(`/api/recordings/conversions?original_id=${original!.id}`)
  ).json()) as { items: { id: string }[] };
  await post(`/api/recordings/${conversions.items[0]!.id}/conversion-issue`, { description });
}

const announced = (page: Page, text: string) =>
  page.getByRole('log', { name: 'Recent announcements' }).getByText(text, { exact: true });

test.describe('the admin console, keyboard only', () => {
  test('a plain user finds nothing at /users; the admin finds them, sets them red, and resolves their report', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const first = `Rep${unique()
      .replace(/[^a-z]/g, '')
      .slice(0, 8)}`;
    const email = await signUpTrialUser(page, first, 'Tester');
    const description = `The voice cracks ${unique()}`;
    await reportAConversion(page, description);

    // A plain user at /users: the not-found page, as anywhere else that has nothing; every admin call 403.
    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
    await expect(page.getByRole('link', { name: 'Users' })).toHaveCount(0);
    expect((await page.request.get('/api/v3/reports')).status()).toBe(403);
    await expectNoAxeViolations(page);

    await logInAsAdmin(page);
    await activate(page, page.getByRole('link', { name: 'Users', exact: true }));
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expectNoAxeViolations(page);

    // Search → open the user.
    await typeInto(page, page.getByRole('searchbox', { name: 'Search users and groups' }), email);
    await page.keyboard.press('Enter');
    const table = page.getByRole('grid', { name: 'Users' });
    const row = table.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1, { timeout: 15_000 });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(row).toContainText('Gray: default');
    await tabTo(page, row);
    await page.keyboard.press('Enter');
    // The server is converting the user's take meanwhile, on this machine's two shared cores: give it time.
    await expect(page.getByRole('heading', { level: 1, name: `${first} Tester` })).toBeVisible({ timeout: 20_000 });
    await expectNoAxeViolations(page);

    // Trust → red: "T-Level updated!", announced.
    const red = page.getByRole('radio', { name: 'Red: needs to be checked' });
    await tabTo(page, page.getByRole('radio', { name: 'Gray: default' }));
    await page.keyboard.press('ArrowDown');
    await expect(red).toBeChecked();
    await activate(page, page.getByRole('button', { name: 'Save trust level' }));
    await expect(page.getByRole('region', { name: 'Notifications' }).getByText('T-Level updated!')).toBeVisible({
      timeout: 15_000,
    });
    await expect(announced(page, 'T-Level updated!')).toBeAttached();
    // The audit entry says who changed what.
    await expect(
      page.getByText(/changed the trust level from Gray: default to Red: needs to be checked\./),
    ).toBeVisible();

    // The table shows it.
    // It is above the form: back up to it.
    await tabBackTo(page, page.getByRole('link', { name: 'Back to users' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await typeInto(page, page.getByRole('searchbox', { name: 'Search users and groups' }), email);
    await page.keyboard.press('Enter');
    await expect(table.getByRole('row').filter({ hasText: email })).toContainText('Red: needs to be checked');
    await expect(table.getByRole('row').filter({ hasText: email }).locator('[data-trust="red"]')).toHaveCount(1);

    // The report is in the queue (reds first): resolve it.
    // The tabs are above the search: back up to them, as a keyboard user would.
    const users = page.getByRole('tab', { name: 'Users' });
    await tabBackTo(page, users, 60);
    // React Aria has taken the tab's focus (its focus ring is drawn) before the arrows move along the tabs.
    await expect(users).toHaveAttribute('data-focus-visible', 'true');
    // Users, Groups, Reports, Usage, then the later tabs (Flags…): each arrow selects the next one.
    const usage = page.getByRole('tab', { name: 'Usage' });
    for (const name of ['Groups', 'Reports', 'Usage']) {
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    }
    // The Usage panel loads its figures; once they are there, back to the tab (one stop) and one to the left.
    await expect(page.getByRole('figure', { name: 'Funnel' })).toBeVisible({ timeout: 15_000 });
    await tabTo(page, usage);
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
    const report = page.getByRole('article').filter({ hasText: description });
    await expect(report).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('article').first()).toContainText(description);
    await expect(report).toContainText('Red: needs to be checked');
    await expectNoAxeViolations(page);
    await activate(page, report.getByRole('button', { name: 'Mark resolved' }));
    await expect(announced(page, 'Report marked resolved.')).toBeAttached();
    await expect(report.getByRole('heading')).toContainText('Resolved');
    await expect(report.getByRole('button', { name: 'Mark resolved' })).toHaveCount(0);

    // Issue 19: the plain user's page views and sign-up reached the events (the app sent them); the Usage
    // tab, after Reports, shows the funnel and the page views per day.
    await expect
      .poll(
        async () => {
          const summary = (await (await page.request.get('/api/v3/events/summary?days=1')).json()) as {
            page_views: { count: number }[];
            funnel: { step: string; count: number }[];
          };
          return {
            views: (summary.page_views.at(-1)?.count ?? 0) > 0,
            signedUp: (summary.funnel.find((f) => f.step === 'sign_up')?.count ?? 0) > 0,
          };
        },
        { timeout: 15_000 },
      )
      .toEqual({ views: true, signedUp: true });
    // The tab list is one stop, the selected tab (Reports), above the queue: back up to it.
    await tabBackTo(page, page.getByRole('tab', { name: 'Reports' }));
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Usage' })).toHaveAttribute('aria-selected', 'true');
    const funnel = page.getByRole('figure', { name: 'Funnel' });
    await expect(funnel).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('figure', { name: 'Page views per day' })).toBeVisible();
    await activate(page, funnel.getByRole('button', { name: 'Show the data as a table' }));
    await expect(funnel.getByRole('table').getByRole('rowheader', { name: 'Signed up' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
