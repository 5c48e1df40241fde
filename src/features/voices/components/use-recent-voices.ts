import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { announce } from '../../../../design-system/index.ts';
import { getVoicesByIds, useApi, type ApiClients } from '../../../api/index.ts';
import { failureMessage, lastUsedVoicesStore, useResource, type LastUsedVoiceEntry } from '../../../machines/index.ts';
import { checkPrivateVoice, type Voice } from '../api/voices-api.ts';

/**
 * Of the voices the catalogue did not return, those gone for good: deleted, or another account's private
 * voice (a check that fails counts as gone). One at a time, and no more once the answer is not wanted.
 */
async function goneVoices(api: ApiClients, ids: readonly string[], signal: AbortSignal): Promise<string[]> {
  const gone: string[] = [];
  for (const id of ids) {
    if (signal.aborted) break;
    const check = await checkPrivateVoice(api, id).catch(() => null);
    if (check === null || (check.private && !check.owned)) gone.push(id);
  }
  return gone;
}

/**
 * The catalogue's voices of the last-used entries, by id (the last found while the next ask is on its way or
 * after it failed, which is announced). Entries whose voice is gone leave the last-used voices, announced by
 * name.
 */
export function useRecentVoices(
  entries: readonly LastUsedVoiceEntry[],
  /** Told of the voices found (their settings open without asking again). */
  remember: (voices: Voice[]) => void,
): ReadonlyMap<string, Voice> {
  const intl = useIntl();
  const api = useApi();
  // Sorted: using a voice again reorders the entries, which is no reason to ask the catalogue again.
  const ids = entries
    .map((e) => e.id)
    .sort()
    .join(',');
  const wanted = ids ? ids.split(',') : [];
  const found = useResource(ids ? ['voices.recent', ids] : null, () => getVoicesByIds(api, wanted), {
    keepValue: true,
    onLoad: remember,
    onError: (error) => announce(failureMessage(error), { politeness: 'assertive' }),
  });
  const missing = found.status === 'ready' ? wanted.filter((id) => !found.value.some((v) => v.id === id)) : [];
  useResource(
    missing.length > 0 ? ['voices.recent.gone', ...missing] : null,
    (signal) => goneVoices(api, missing, signal),
    {
      onLoad: (gone) => {
        if (gone.length === 0) return;
        const names = entries.filter((e) => gone.includes(e.id)).map((e) => e.name);
        lastUsedVoicesStore.trigger.removed({ ids: gone });
        announce(
          intl.formatMessage({ id: 'voices.recent.removed' }, { count: names.length, names: intl.formatList(names) }),
        );
      },
    },
  );
  return useMemo(() => new Map((found.value ?? []).map((v) => [v.id, v])), [found.value]);
}
