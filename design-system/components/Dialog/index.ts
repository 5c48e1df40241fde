export { Dialog, type DialogProps } from './Dialog.tsx';
export { DialogTrigger, type DialogTriggerProps } from 'react-aria-components';
