import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import {
  addToast,
  announce,
  ConfirmDeleteDialog,
  RenameDialog,
  useClearStaleAnnouncementsOnUnmount,
  type ModalComponentProps,
} from '../../../design-system/index.ts';
import { useApi, type ApiClients } from '../../api/index.ts';
import type { SettledMutation } from './auto-close.ts';
import { closeModalsAfter } from './modals.ts';
import type { MessageId } from '../../i18n/index.ts';

type Entity = SettledMutation['entity'];

/** What a rename modal is opened with: the item, plus whom to tell about the renamed one. */
export interface RenameData<Item> {
  onRenamed?: (item: Item) => void;
}

export interface RenameModalSpec<Data extends RenameData<Item>, Item> {
  /** Message ids of the heading, the field's label and the announcement (`{name}` is the new name). */
  titleId: MessageId;
  labelId: MessageId;
  doneId: MessageId;
  /** What the modal registry closes after the rename (SPEC.md section 2). */
  entity: Entity;
  /** The current name, selected in the field when the modal opens. */
  current: (data: Data) => string;
  /** Saves the name; resolves with the item as the server now has it. */
  save: (api: ApiClients, data: Data, name: string) => Promise<Item>;
  /** The saved item's name, for the announcement. */
  nameOf: (item: Item) => string;
}

/**
 * A rename modal for the registry: the name checked against SPEC.md's rule, saved, the opener told, the
 * new name announced, and the entity's modals closed; the server's error stays at the field.
 */
export function makeRenameModal<Data extends RenameData<Item>, Item>(spec: RenameModalSpec<Data, Item>) {
  function RenameModal({ data }: ModalComponentProps<Data>) {
    const intl = useIntl();
    const api = useApi();
    useClearStaleAnnouncementsOnUnmount();
    if (!data) return null;
    return (
      <RenameDialog
        title={intl.formatMessage({ id: spec.titleId })}
        label={intl.formatMessage({ id: spec.labelId })}
        defaultValue={spec.current(data)}
        onSubmit={async (name) => {
          const renamed = await spec.save(api, data, name);
          data.onRenamed?.(renamed);
          announce(intl.formatMessage({ id: spec.doneId }, { name: spec.nameOf(renamed) }));
          closeModalsAfter({ entity: spec.entity, action: 'update', ok: true });
        }}
      />
    );
  }
  return RenameModal;
}

/** What a delete modal is opened with: the item, plus whom to tell what went and whether for good. */
export interface DeleteData<Deleted> {
  onDeleted?: (deleted: Deleted, permanent: boolean) => void;
}

export interface DeleteModalSpec<Data extends DeleteData<Deleted>, Deleted> {
  /** Message ids of the question and what deleting means; `{name}` is the item's name. */
  titleId: MessageId;
  bodyId: MessageId;
  /** The announcement and toast after a delete, and after a permanent one when it says something else. */
  doneId: MessageId;
  donePermanentId?: MessageId;
  /** What the modal registry closes after the delete (SPEC.md section 2). */
  entity: Entity;
  /** The item's name, in the question and the announcement. */
  name: (data: Data) => string;
  /** The item can only go permanently (it is already soft-deleted). */
  permanentOnly?: (data: Data) => boolean;
  /** What else the question shows about the item (what goes with it), after the body. */
  details?: (data: Data) => ReactNode;
  /** Deletes it (`hard_delete` when permanent); resolves with what the opener is told went. */
  remove: (api: ApiClients, data: Data, permanent: boolean) => Promise<Deleted>;
}

/**
 * A delete modal for the registry: soft ("Delete") or permanent ("Delete permanently"), the opener told,
 * the result announced and toasted, and the entity's modals closed; the server's error stays in the dialog.
 */
export function makeDeleteModal<Data extends DeleteData<Deleted>, Deleted>(spec: DeleteModalSpec<Data, Deleted>) {
  function DeleteModal({ data }: ModalComponentProps<Data>) {
    const intl = useIntl();
    const api = useApi();
    useClearStaleAnnouncementsOnUnmount();
    if (!data) return null;
    const name = spec.name(data);
    return (
      <ConfirmDeleteDialog
        title={intl.formatMessage({ id: spec.titleId }, { name })}
        body={
          <>
            <p>{intl.formatMessage({ id: spec.bodyId })}</p>
            {spec.details?.(data)}
          </>
        }
        permanent={spec.permanentOnly?.(data) ?? false}
        offerPermanent
        onConfirm={async ({ permanent }) => {
          const deleted = await spec.remove(api, data, permanent);
          data.onDeleted?.(deleted, permanent);
          const message = intl.formatMessage(
            { id: permanent && spec.donePermanentId ? spec.donePermanentId : spec.doneId },
            { name },
          );
          addToast({ message, severity: 'success' });
          closeModalsAfter({ entity: spec.entity, action: 'delete', ok: true });
        }}
      />
    );
  }
  return DeleteModal;
}
