import { readJson, writeJson, type AppStorage } from './app-storage.ts';

/** SPEC.md section 3 "Also stored client-side: microphone id and name": the microphone the user chose. */
export interface StoredMicrophone {
  id: string;
  name: string;
}

export const MICROPHONE_KEY = 'timbre.microphone';

const isMicrophone = (value: unknown): value is StoredMicrophone =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as StoredMicrophone).id === 'string' &&
  typeof (value as StoredMicrophone).name === 'string';

export const readMicrophone = (storage: AppStorage | null): StoredMicrophone | null =>
  readJson(storage, MICROPHONE_KEY, isMicrophone);

export function saveMicrophone(storage: AppStorage | null, microphone: StoredMicrophone): void {
  writeJson(storage, MICROPHONE_KEY, { id: microphone.id, name: microphone.name });
}

/**
 * Which of the available microphones to use: the stored one while it is there (matched by id, else by name,
 * as browsers may change ids), otherwise the first. Null when there is none.
 */
export function pickMicrophone<T extends StoredMicrophone>(
  available: readonly T[],
  stored: StoredMicrophone | null,
): T | null {
  if (stored) {
    const match = available.find((m) => m.id === stored.id) ?? available.find((m) => m.name === stored.name);
    if (match) return match;
  }
  return available[0] ?? null;
}
