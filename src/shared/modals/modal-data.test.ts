import { describe, expect, expectTypeOf, it } from 'vitest';
import { createModalStore, openModalIds } from '../../../design-system/index.ts';
import type { DeclaredModalId, ModalData } from './modal-data.ts';
import { openModal, registerModal, useModal } from './modals.ts';

// These calls are never run: `npm run typecheck` is the test. Each @ts-expect-error fails the typecheck
// if the line under it compiles, i.e. if a modal could be opened with the wrong data.
function typeChecks() {
  const store = createModalStore();
  const project = {} as ModalData['renameProject']['project'];

  openModal({ id: 'renameProject', data: { project } }, store);
  openModal({ id: 'customVoice' }, store);
  openModal({ id: 'upgradePlan', data: { reason: 'download' } }, store);

  // @ts-expect-error renameProject needs its project
  openModal({ id: 'renameProject' }, store);
  // @ts-expect-error the data of another modal
  openModal({ id: 'renameProject', data: { folder: project } }, store);
  // @ts-expect-error a reason SPEC.md section 2 does not name
  openModal({ id: 'upgradePlan', data: { reason: 'refund' } }, store);
  // @ts-expect-error an id no feature declares
  openModal({ id: 'renameThing' }, store);

  expectTypeOf(useModal('errorInfo').data).toEqualTypeOf<ModalData['errorInfo'] | undefined>();
  // @ts-expect-error the handle opens with the modal's own data only
  useModal('deleteFolder').open({ project });

  const OtherModal = (_props: { id: string; data: { folderId: number } | undefined; close: () => void }) => null;
  // @ts-expect-error a component for other data
  registerModal('recordingInfo', OtherModal);
}

describe('ModalData', () => {
  it('types every open by the data its feature declared (the checks run in typecheck)', () => {
    expect(typeof typeChecks).toBe('function');
    expectTypeOf<'renameProject'>().toMatchTypeOf<DeclaredModalId>();
  });

  it('opens through the design system store', () => {
    const store = createModalStore();
    openModal({ id: 'customVoice' }, store);
    expect(openModalIds(store.getSnapshot().context)).toEqual(['customVoice']);
  });
});
