export { Toaster, type ToasterProps } from './Toaster.tsx';
export {
  CONVERSION_TOAST_DURATION,
  MAX_TOASTS,
  TOAST_DURATION,
  addToast,
  createToastStore,
  defaultToastDuration,
  dismissToast,
  toastStore,
  type Toast,
  type ToastAction,
  type ToastChannel,
  type ToastInput,
  type ToastPosition,
  type ToastSeverity,
  type ToastStore,
} from './toast.store.ts';
