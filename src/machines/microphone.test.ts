import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../api/testing/index.ts';
import { MICROPHONE_KEY, pickMicrophone, readMicrophone, saveMicrophone } from './microphone.ts';

const mics = [
  { id: 'a', name: 'Built-in' },
  { id: 'b', name: 'USB studio' },
];

describe('stored microphone (SPEC.md §3)', () => {
  it('saves the id and name and reads them back', () => {
    const storage = createMemoryStorage();
    saveMicrophone(storage, { id: 'b', name: 'USB studio' });
    expect(readMicrophone(storage)).toEqual({ id: 'b', name: 'USB studio' });
    expect(readMicrophone(createMemoryStorage({ [MICROPHONE_KEY]: '"b"' }))).toBeNull();
  });

  it('picks the stored microphone by id, then by name, else the first', () => {
    expect(pickMicrophone(mics, { id: 'b', name: 'USB studio' })).toBe(mics[1]);
    expect(pickMicrophone(mics, { id: 'changed', name: 'USB studio' })).toBe(mics[1]);
    expect(pickMicrophone(mics, { id: 'gone', name: 'Gone' })).toBe(mics[0]);
    expect(pickMicrophone(mics, null)).toBe(mics[0]);
    expect(pickMicrophone([], null)).toBeNull();
  });
});
