import { OrderConversions, OriginalConversions } from '../features/conversions/index.ts';
import { ProjectPage, type RenderConversions } from '../features/projects/index.ts';
import { ChooseVoicesPage, type OrderSlot } from '../features/voices/index.ts';

/*
 * Where the conversions feature meets the pages that host it: features never import each other, so the
 * route layer hands the voice choice its Order action and the project page each original's conversions.
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

const renderConversions: RenderConversions = (original) => <OriginalConversions original={original} />;

/** The project page, with each original's conversions under its player. */
export function ProjectRoute() {
  return <ProjectPage renderConversions={renderConversions} />;
}
