import { expect, userEvent, waitFor, within } from 'storybook/test';
import { tabTo as tabToAtMost } from '../../../../design-system/testing/index.ts';
import { createHarness, type Harness } from '../../../machines/story-harness.tsx';
import { lastUsedVoicesStore, listPreferencesStore, voiceSelectionStore } from '../../../machines/index.ts';
import { testUser } from '../../../api/testing/index.ts';
import { voiceFiltersStore } from '../voice-filters.store.ts';
import { voicesRoutes, type VoicesState } from './story-server.ts';

/** Shared steps of the voice pages' stories (test support, never imported by the app). */

export { announced } from '../../../../design-system/testing/index.ts';
export const body = () => within(document.body);

/** Tabs until the element has focus (it must be reachable by Tab). */
export const tabTo = (element: HTMLElement) => tabToAtMost(element, 120);

export async function pressEnterOn(element: HTMLElement) {
  await tabTo(element);
  await userEvent.keyboard('{Enter}');
}

/** Picks an option of an open-able Select by keyboard: opens it, arrows to the option, Enter. */
export async function chooseOption(trigger: HTMLElement, option: string) {
  await tabTo(trigger);
  await userEvent.keyboard('{ArrowDown}');
  const listbox = await body().findByRole('listbox');
  await waitFor(() => expect(listbox.contains(document.activeElement)).toBe(true));
  for (let i = 0; i < 10 && document.activeElement?.textContent !== option; i++)
    await userEvent.keyboard('{ArrowDown}');
  await expect(document.activeElement).toHaveTextContent(option);
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(body().queryByRole('listbox')).toBeNull());
}

export const callsTo = (h: Harness, method: string, path: string) =>
  h.calls.filter((c) => c.method === method && c.path === path);

/** The list requests' queries, as objects (repeated parameters as arrays). */
export const listQueries = (h: Harness) =>
  callsTo(h, 'GET', '/api/v2/voices').map((c) => {
    const query: Record<string, string | string[]> = {};
    for (const key of new Set(c.query.keys())) {
      const all = c.query.getAll(key);
      query[key] = all.length > 1 ? all : all[0]!;
    }
    return query;
  });

export interface LoadedVoices {
  harness: Harness;
  state: VoicesState;
}

/** A signed-in user at `path` over a fake model manager, with the voice stores read from `storage`. */
export async function loadVoices(
  path: string,
  state: VoicesState,
  storage: Record<string, string> = {},
  user = testUser(),
): Promise<LoadedVoices> {
  const harness = await createHarness({ path, user, routes: voicesRoutes(state), storage });
  listPreferencesStore.trigger.reload();
  voiceFiltersStore.trigger.reload();
  lastUsedVoicesStore.trigger.reload();
  voiceSelectionStore.trigger.bind({ userId: null });
  return { harness, state };
}
