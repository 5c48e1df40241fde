export { OrderConversions, type OrderConversionsProps, type OrderOriginal } from './components/order-conversions.tsx';
export { OriginalConversions, type OriginalConversionsProps } from './components/original-conversions.tsx';
export { registerConversionsModals, useConversionsModals } from './modals/register.ts';
export { NotifyOnFinishSwitch, useFinishNotifications } from './notifications/finish-notifications.tsx';
