import { defaultPair } from '../../../main/common/trade/default-pair';
import { form, run } from './composer.svelte';

type Pair = Pick<typeof form, 'sellToken' | 'sellDecimals' | 'buyToken' | 'buyDecimals'>;
/** The chain the form's pair belongs to (null before the form was first shown), and the pair last used on each chain. */
let pairChain: number | null = null;
const lastPairs: Record<number, Pair> = {};

/**
 * The form shows `chainId`: a pair typed for another chain means nothing here
 * (its symbols and addresses are that chain's), so switching chain brings the
 * pair last used on the new chain, or its default pair; the previous chain's
 * pair is kept for when the user comes back. The quote, its error and the
 * limit price went with the old pair.
 */
export function showChain(chainId: number): void {
  if (pairChain === chainId) return;
  if (pairChain !== null) lastPairs[pairChain] = { sellToken: form.sellToken, sellDecimals: form.sellDecimals, buyToken: form.buyToken, buyDecimals: form.buyDecimals };
  pairChain = chainId;
  Object.assign(form, lastPairs[chainId] ?? { ...defaultPair(chainId), sellDecimals: '', buyDecimals: '' }, { limitPrice: '' });
  run.quote = null;
  run.error = null;
}
