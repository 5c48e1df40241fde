import type { ModalId } from './modal-ids.ts';

/**
 * What each modal of the product is opened with, by id. It starts empty: the feature that draws a modal
 * adds its id and data type by declaration merging, beside its `registerModal` call:
 *
 * ```ts
 * declare module '../../../shared/modals/modal-data.ts' {
 *   interface ModalData {
 *     renameProject: RenameProjectData;
 *     customVoice: undefined; // opened without data
 *   }
 * }
 * ```
 *
 * Every screen then opens, reads and registers modals through `openModal`, `useModal` and `registerModal`
 * (`./modals.ts`), which check the data against this interface: opening a modal with the wrong data does
 * not compile.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModalData {}

/** The ids some feature has declared (and registers). */
export type DeclaredModalId = Extract<keyof ModalData, string>;

/** The open request for one modal: its id, and its data (optional when the modal may open without). */
export type OpenModalRequest<Id extends DeclaredModalId = DeclaredModalId> = {
  [K in Id]: undefined extends ModalData[K] ? { id: K; data?: ModalData[K] } : { id: K; data: ModalData[K] };
}[Id];

/** Each declared id must be one of SPEC.md §2's; this fails to compile when one is not. */
export type DeclaredIdsAreSpecIds = DeclaredModalId extends ModalId ? true : never;
const declaredIdsAreSpecIds: DeclaredIdsAreSpecIds = true;
void declaredIdsAreSpecIds;
