import { describe, expect, it } from 'vitest';
import { createApiClients } from '../../../api/index.ts';
import { contractProblem } from '../../../api/testing/contract.ts';
import { createFakeFetch } from '../../../api/testing/index.ts';
import { conversionsRoutes, makeConversion, makeOriginal, makeVoice, PROJECT_ID } from './story-server.ts';

describe('the conversion stories’ fake marketplace', () => {
  it('answers as the contract says', async () => {
    const original = makeOriginal();
    const done = makeConversion(1, original, 'Ada', 'done');
    const failed = makeConversion(2, original, 'Bruno', 'error', { error: 'Worker timed out' });
    const voice = makeVoice(1, 'Ada');
    const { fetch, violations, calls } = createFakeFetch(
      conversionsRoutes({ originals: [original], conversions: [done, failed], voiceDetails: [voice] }),
      { check: contractProblem },
    );
    const { marketplace, models } = createApiClients({ baseUrl: 'http://timbre.test', fetch });
    const path = (id: string) => ({ params: { path: { id } } });
    await marketplace.GET('/api/recordings/conversions', { params: { query: { original_id: original.id } } });
    await marketplace.GET('/api/recordings/{id}', path(original.id));
    await marketplace.GET('/api/projects/{id}', path(PROJECT_ID));
    await models.POST('/api/v2/voices/by-ids', { body: { voice_ids: [voice.id] } });
    await marketplace.POST('/api/v2/orders', {
      body: {
        original_id: original.id,
        use_calibration: false,
        conversions: [{ voice_id: voice.id, semitones_correction: 0 }],
      },
    });
    await marketplace.POST('/api/v2/orders/retry/{id}', path(failed.id));
    await marketplace.PATCH('/api/recordings/{id}', { ...path(done.id), body: { starred: true } });
    await marketplace.POST('/api/recordings/{id}/conversion-issue', {
      ...path(done.id),
      body: { description: 'Clicks at the start' },
    });
    await marketplace.DELETE('/api/recordings/{id}', path(done.id));
    expect(calls).toHaveLength(9);
    expect(violations).toEqual([]);
  });
});
