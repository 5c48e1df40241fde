import { OrderConversions } from '../features/conversions/components/order-conversions.tsx';
import { ChooseVoicesPage, type OrderSlot } from '../features/voices/components/choose-voices-page.tsx';

/*
 * Where the conversions feature meets the voice choice: features never import each other, so the route
 * layer hands the voice choice its Order action. The page's own files are imported (not the features'
 * index.ts) so this route's chunk holds this page only.
 */

const renderOrder = (slot: OrderSlot) => (
  <OrderConversions
    originals={slot.originals}
    onVoiceErrors={slot.onVoiceErrors}
    detailsClassName={slot.detailsClassName}
  />
);

/** /choose-voices, with "Order conversions" under the chosen voices. */
export function ChooseVoicesRoute() {
  return <ChooseVoicesPage renderOrder={renderOrder} />;
}
