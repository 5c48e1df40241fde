import { describe, expect, it } from 'vitest';
import { createApiClients } from '../../../api/index.ts';
import { contractProblem } from '../../../api/testing/contract.ts';
import { createFakeFetch } from '../../../api/testing/index.ts';
import { catalogue, makeDemo, voicesRoutes } from './story-server.ts';

describe('the voice stories’ fake model manager', () => {
  it('answers as the contract says', async () => {
    const voices = catalogue();
    const { fetch, violations, calls } = createFakeFetch(
      voicesRoutes({
        voices,
        demoSets: { en: [makeDemo(voices[0]!)], fr: [makeDemo(voices[0]!, 'fr')] },
        originals: [{ id: '00000000-0000-4000-8000-000000000201', label: 'Take' }],
        privateChecks: { '00000000-0000-4000-8000-000000000099': { private: true, owned: false } },
      }),
      { check: contractProblem },
    );
    const { models, marketplace } = createApiClients({ baseUrl: 'http://timbre.test', fetch });
    const id = voices[0]!.id;
    await models.GET('/api/v2/voices', { params: { query: { sort: 'pitch', direction: 'asc', limit: 2 } } });
    await models.POST('/api/v2/voices/by-ids', { body: { voice_ids: [id, voices[1]!.id] } });
    await models.POST('/api/v2/voices/settings', {
      body: { voice_id: id, accent_id: 'en-GB', semitones_correction: 1.5, narration_style_id: 'WARM' },
    });
    await models.POST('/api/v2/voices/favorite/{id}', { params: { path: { id } }, body: { favorite: true } });
    await models.GET('/api/v2/voices/{id}/private-check', { params: { path: { id } } });
    await models.GET('/api/v2/voices/{id}/private-check', {
      params: { path: { id: '00000000-0000-4000-8000-000000000099' } },
    });
    await models.GET('/api/v2/accent-infos');
    await models.GET('/api/v2/demo-sets');
    await models.GET('/api/v2/narration-style-tags/groups');
    await models.GET('/api/v2/narration-style-tags');
    await marketplace.GET('/api/recordings/{id}', {
      params: { path: { id: '00000000-0000-4000-8000-000000000201' } },
    });
    expect(calls).toHaveLength(11);
    expect(violations).toEqual([]);
  });
});
