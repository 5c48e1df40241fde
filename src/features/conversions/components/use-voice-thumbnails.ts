import { useMemo } from 'react';
import { getVoicesByIds, useApi } from '../../../api/index.ts';
import { useResource } from '../../../machines/index.ts';

/**
 * The artwork thumbnails of these voices, by voice id: one lookup for a whole list (POST /api/v2/voices/by-ids),
 * asked again only when the set of voices changes, keeping what was found meanwhile. A voice that is gone (or a
 * lookup that failed) has no entry: its row keeps the initials, which are decoration beside the voice's name.
 */
export function useVoiceThumbnails(voiceIds: readonly (string | null | undefined)[]): ReadonlyMap<string, string> {
  const api = useApi();
  const ids = [...new Set(voiceIds.filter((id): id is string => !!id))].sort().join(',');
  const found = useResource(
    ids ? ['conversions.voiceThumbnails', ids] : null,
    () => getVoicesByIds(api, ids.split(',')),
    {
      keepValue: true,
    },
  );
  return useMemo(
    () =>
      new Map(
        (found.value ?? []).flatMap((voice) => (voice.thumbnail_url ? [[voice.id, voice.thumbnail_url] as const] : [])),
      ),
    [found.value],
  );
}
