import { describe, expect, it } from 'vitest';
import { createFakeApi } from './testing/fake-api.ts';
import { makeVoice } from './testing/index.ts';
import { getVoicesByIds } from './voices.ts';

describe('getVoicesByIds', () => {
  it('asks for each id once, at most 100 a request, and asks nothing for no ids', async () => {
    const { api, calls } = createFakeApi({
      'POST /api/v2/voices/by-ids': (call) => ({
        status: 200,
        body: { items: (call.body as { voice_ids: string[] }).voice_ids.map((id) => makeVoice(1, 'Ada', { id })) },
      }),
    });
    await expect(getVoicesByIds(api, [])).resolves.toEqual([]);
    expect(calls).toHaveLength(0);
    const ids = Array.from({ length: 150 }, (_, i) => `v${i}`);
    const voices = await getVoicesByIds(api, [...ids, 'v0']);
    expect(voices.map((v) => v.id)).toEqual(ids);
    expect(calls.map((c) => (c.body as { voice_ids: string[] }).voice_ids.length)).toEqual([100, 50]);
  });
});
