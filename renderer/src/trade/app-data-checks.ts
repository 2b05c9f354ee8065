// The appData checks that need zod, in one chunk the Trade screen loads after it shows (trade/parts.ts):
// the edited document's check and the partner fee read at Review.
export { canonicalAppData } from '../../../main/common/trade/app-data-edited';
export { volumePartnerFeeBips } from '../../../main/common/trade/app-data-effects';
