import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/index.ts';
import { createFakeApi } from '../../../api/testing/fake-api.ts';
import { makeVoice } from '../../../api/testing/index.ts';
import { checkPrivateVoice, fieldErrorsOf, listVoices, saveVoiceSettings, setVoiceFavorite } from './voices-api.ts';

const page = { items: [], total: 0, offset: 0, limit: 20 };

describe('listVoices', () => {
  it('sends every filter value as its own parameter and leaves empty filters out', async () => {
    const { api, calls } = createFakeApi({ 'GET /api/v2/voices': { status: 200, body: page } });
    await listVoices(api, {
      gender: ['female', 'neutral'],
      age_group: [],
      locales: ['en-GB'],
      favorite: true,
      search: '',
      sort: 'pitch',
      direction: 'asc',
      offset: 40,
      limit: 20,
    });
    const query = calls[0]!.query;
    expect(query.getAll('gender')).toEqual(['female', 'neutral']);
    expect(query.getAll('locales')).toEqual(['en-GB']);
    expect(query.has('age_group')).toBe(false);
    expect(query.has('search')).toBe(false);
    expect(Object.fromEntries([...query].filter(([k]) => !['gender', 'locales'].includes(k)))).toEqual({
      favorite: 'true',
      sort: 'pitch',
      direction: 'asc',
      offset: '40',
      limit: '20',
    });
  });

  it('rejects with the server’s detail', async () => {
    const { api } = createFakeApi({ 'GET /api/v2/voices': { status: 500, body: { detail: 'Catalogue unavailable' } } });
    await expect(listVoices(api, {})).rejects.toThrow('Catalogue unavailable');
  });
});

describe('voice writes', () => {
  it('posts the favourite flag and the settings as the contract names them', async () => {
    const { api, calls } = createFakeApi({
      'POST /api/v2/voices/favorite/{id}': { status: 200, body: makeVoice(1, 'Ada', { id: 'v1', favorite: true }) },
      'POST /api/v2/voices/settings': {
        status: 200,
        body: {
          voice_id: 'v1',
          favorite: true,
          semitones_correction: 2.5,
          accent_id: 'en-GB',
          narration_style_id: 'WARM',
        },
      },
    });
    await setVoiceFavorite(api, 'v1', true);
    const saved = await saveVoiceSettings(api, {
      voice_id: 'v1',
      accent_id: 'en-GB',
      semitones_correction: 2.5,
      narration_style_id: 'WARM',
    });
    expect(saved.semitones_correction).toBe(2.5);
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/v2/voices/favorite/v1', { favorite: true }],
      [
        'POST',
        '/api/v2/voices/settings',
        { voice_id: 'v1', accent_id: 'en-GB', semitones_correction: 2.5, narration_style_id: 'WARM' },
      ],
    ]);
  });
});

describe('checkPrivateVoice', () => {
  it('reads the private-voice check of one voice', async () => {
    const { api, calls } = createFakeApi({
      'GET /api/v2/voices/{id}/private-check': { status: 200, body: { voice_id: 'v9', private: true, owned: false } },
    });
    await expect(checkPrivateVoice(api, 'v9')).resolves.toEqual({ voice_id: 'v9', private: true, owned: false });
    expect(calls[0]?.method).toBe('GET');
  });
});

describe('fieldErrorsOf', () => {
  it('names the fields a 422 points at, without the body/ prefix', () => {
    const error = new ApiError({
      statusCode: 422,
      detail: 'body/semitones_correction must be multiple of 0.5',
      field: 'body/semitones_correction',
      body: {
        detail: 'body/semitones_correction must be multiple of 0.5',
        field: 'body/semitones_correction',
        errors: [{ field: 'body/accent_id', message: 'Unknown accent' }],
      },
    });
    expect(fieldErrorsOf(error)).toEqual({
      accent_id: 'Unknown accent',
      semitones_correction: 'body/semitones_correction must be multiple of 0.5',
    });
    expect(fieldErrorsOf(new ApiError({ statusCode: 404, detail: 'Not found', body: {} }))).toEqual({});
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
  });
});
