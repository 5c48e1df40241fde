import { useState } from 'react';
import { useApi } from '../../../api/index.ts';
import { browserStorage, readNewOriginal, useResource, type Resource } from '../../../machines/index.ts';
import { getOriginalSummaries, type OriginalSummary } from '../api/voices-api.ts';

/**
 * The originals the voices are for: those just recorded or uploaded (SPEC.md section 3's new-original data,
 * read once as the page opens). Idle when there is none.
 */
export function useOriginalSummaries(): Resource<OriginalSummary[]> {
  const api = useApi();
  const [uploaded] = useState(() => readNewOriginal(browserStorage()).uploaded);
  return useResource(uploaded.length > 0 ? ['voices.originals', ...uploaded] : null, () =>
    getOriginalSummaries(api, uploaded),
  );
}
