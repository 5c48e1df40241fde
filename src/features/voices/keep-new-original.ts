import { browserStorage, readNewOriginal, writeNewOriginal } from '../../machines/index.ts';

/**
 * Auditioning voices or looking at voice talents is part of choosing: the hop there keeps the original being
 * converted (the next page change would otherwise clear it, SPEC.md section 4).
 */
export function keepNewOriginal() {
  const storage = browserStorage();
  const data = readNewOriginal(storage);
  if (data.projectId !== null) writeNewOriginal(storage, { ...data, ignoreClear: true });
}
