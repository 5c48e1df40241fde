import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/index.ts';
import { createFakeApi } from '../../../api/testing/fake-api.ts';
import { exportZip, fileNameOf, saveNote } from './projects-api.ts';
import { upgradeReasonOf } from '../../../shared/upgrade-reason.ts';

describe('downloads', () => {
  it('names the file from content-disposition', () => {
    expect(fileNameOf('attachment; filename="my-podcast.zip"', 'x.zip')).toBe('my-podcast.zip');
    expect(fileNameOf("attachment; filename*=UTF-8''caf%C3%A9.zip", 'x.zip')).toBe('café.zip');
    expect(fileNameOf(null, 'x.zip')).toBe('x.zip');
  });

  it('reads the upgrade reason of a 402 and nothing else', async () => {
    const { api } = createFakeApi({
      'GET /api/projects/{id}/export': {
        status: 402,
        body: { detail: 'Downloads are not included in the trial', reason: 'download' },
      },
    });
    const error = await exportZip(api, { kind: 'project', id: 'p1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(upgradeReasonOf(error)).toBe('download');
    expect(upgradeReasonOf(new ApiError({ statusCode: 404, detail: 'Not found', body: {} }))).toBeNull();
  });
});

describe('saveNote', () => {
  it('adds a new note, changes an existing one, and removes an emptied one', async () => {
    const note = { recording_id: 'r1', text: 'Take two', updated_at: '2026-01-01T00:00:00Z' };
    const { api, calls } = createFakeApi({
      'POST /api/notes': { status: 201, body: note },
      'PUT /api/notes': { status: 200, body: note },
      'DELETE /api/notes': { status: 200, body: { ok: true } },
    });
    await saveNote(api, 'r1', ' Take two ', false);
    await saveNote(api, 'r1', 'Take two', true);
    await expect(saveNote(api, 'r1', '  ', true)).resolves.toBeNull();
    await saveNote(api, 'r1', '', false);
    expect(calls.map((c) => [c.method, c.body])).toEqual([
      ['POST', { recording_id: 'r1', text: 'Take two' }],
      ['PUT', { recording_id: 'r1', text: 'Take two' }],
      ['DELETE', { recording_id: 'r1' }],
    ]);
  });
});
