import { describe, expect, it } from 'vitest';
import { createModalStore, openModalIds } from '../../../design-system/index.ts';
import { closeModalsAfter, isModalId, MODAL_IDS } from './index.ts';

describe('the product modal registry', () => {
  it('closes what the auto-close rule says after a settled call', () => {
    const store = createModalStore();
    store.trigger.open({ id: 'renameFolder', data: { folderId: 1 } });
    store.trigger.open({ id: 'upgradePlan' });

    const closed = closeModalsAfter({ entity: 'folder', action: 'update', ok: true }, store);

    expect(closed).toEqual(['renameFolder']);
    expect(openModalIds(store.getSnapshot().context)).toEqual(['upgradePlan']);
  });

  it('knows the ids of SPEC.md §2, including whatIs topics', () => {
    expect(MODAL_IDS).toHaveLength(39);
    expect(isModalId('voiceSettings')).toBe(true);
    expect(isModalId('whatIs:narrationStyle')).toBe(true);
    expect(isModalId('whatIs:')).toBe(false);
    expect(isModalId('renameThing')).toBe(false);
  });
});
