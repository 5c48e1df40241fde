import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi } from '../../../api/testing/fake-api.ts';
import { testUser } from '../../../api/testing/index.ts';
import { setUsageContext } from '../../../shared/analytics/usage-events.ts';
import { login } from './auth-api.ts';

describe('login joins the visitor’s events to the account', () => {
  afterEach(() => setUsageContext({ signedIn: false }));

  it('sends the visitor’s analytics id when there is one, and nothing more when there is none', async () => {
    const { api, calls } = createFakeApi({
      'POST /api/v3/login': { status: 200, body: { user: testUser(), csrf_token: 'csrf' } },
    });
    setUsageContext({ signedIn: false, distinctId: 'visitor-7' });
    await login(api, { email: 'ada@example.com', password: 'secret-pass' });
    setUsageContext({ signedIn: false });
    await login(api, { email: 'ada@example.com', password: 'secret-pass' });
    expect(calls.map((c) => c.body)).toEqual([
      { email: 'ada@example.com', password: 'secret-pass', distinct_id: 'visitor-7' },
      { email: 'ada@example.com', password: 'secret-pass' },
    ]);
  });
});
