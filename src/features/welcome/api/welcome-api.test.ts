import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../../api/testing/fake-api.ts';
import { makeRecording } from '../../../api/testing/index.ts';
import { uploadOriginal } from './welcome-api.ts';

describe('uploadOriginal', () => {
  const place = { projectId: 'p1', folderId: 'f1', file: new Blob(['RIFF']), fileName: 'take.wav' };
  const answer = (duration: number) => ({
    status: 200 as const,
    body: { items: [makeRecording({ id: 'r1', duration })] },
  });

  it('keeps an original the wizard can take', async () => {
    const { api, calls } = createFakeApi({ 'POST /api/recordings': answer(42) });
    await expect(uploadOriginal(api, { ...place, maxSeconds: 60 })).resolves.toMatchObject({ id: 'r1' });
    expect(calls.map((c) => c.method)).toEqual(['POST']);
  });

  it('removes, for good, an upload longer than the wizard takes', async () => {
    const { api, calls } = createFakeApi({
      'POST /api/recordings': answer(75),
      'DELETE /api/recordings/{id}': { status: 200, body: ['r1'] },
    });
    await expect(uploadOriginal(api, { ...place, maxSeconds: 60 })).resolves.toMatchObject({ duration: 75 });
    expect(calls.map((c) => [c.method, c.path, c.query.get('hard_delete')])).toEqual([
      ['POST', '/api/recordings', null],
      ['DELETE', '/api/recordings/r1', 'true'],
    ]);
  });
});
