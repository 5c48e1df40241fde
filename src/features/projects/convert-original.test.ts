import { describe, expect, it } from 'vitest';
import { makeRecording } from '../../api/testing/index.ts';
import { onPageChange } from '../../machines/new-original.ts';
import { convertData } from './convert-original.ts';

describe('convertData', () => {
  it('makes the original the only one the voice choice converts, in its project and folder', () => {
    const recording = makeRecording({ label: 'Welcome take', tts: false, microphone: null });
    expect(convertData(recording)).toEqual({
      projectId: recording.project_id,
      folderId: recording.parent_folder_id,
      ignoreClear: false,
      uploaded: [recording.id],
      type: 'upload',
    });
    expect(convertData({ ...recording, tts: true }).type).toBe('tts');
    expect(convertData({ ...recording, tts: false, microphone: 'USB studio' }).type).toBe('record');
  });

  it('is kept on the way to the voice choice and cleared once the user leaves it', () => {
    const data = convertData(makeRecording({ label: 'Welcome take' }));
    expect(onPageChange(data, '/ada/podcast', '/choose-voices')).toBe('keep');
    expect(onPageChange(data, '/choose-voices', '/projects')).toBe('clear');
  });
});
