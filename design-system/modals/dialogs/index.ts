export { ConfirmDeleteDialog, type ConfirmDeleteDialogProps } from './ConfirmDeleteDialog.tsx';
export { InformationDialog, type InformationDialogProps } from './InformationDialog.tsx';
export { RenameDialog, type RenameDialogProps } from './RenameDialog.tsx';
