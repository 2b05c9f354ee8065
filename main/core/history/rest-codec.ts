import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * How the `rest` of an order or fill is stored: its JSON, deflated against a
 * preset dictionary of the field names and values every order repeats (the
 * appData document's skeleton, balances, schemes, the settlement contract), so
 * a row pays mostly for what is its own. Part of the file format since
 * migration 007: the dictionaries never change; a new one would need a new tag.
 * Writes pack in SQL (store/sql-functions.ts), where the statement runs.
 * Self-contained (erasable TypeScript, Node built-ins): the store's writer
 * thread imports it from source.
 */
const ORDER_DICTIONARY = Buffer.from(
  '{"creationDate":"2025-01-01T00:00:00.000000Z","feeAmount":"0","signingScheme":"eip1271","signingScheme":"presign","signingScheme":"ethsign",' +
    '"signingScheme":"eip712","signature":"0x","appData":"0x","fullAppData":"{\\"appCode\\":\\"CoW Swap\\",\\"environment\\":\\"production\\",' +
    '\\"metadata\\":{\\"orderClass\\":{\\"orderClass\\":\\"market\\"},\\"orderClass\\":{\\"orderClass\\":\\"limit\\"},\\"quote\\":{\\"slippageBips\\":50,' +
    '\\"smartSlippage\\":true},\\"utm\\":{\\"utmCampaign\\":\\"\\",\\"utmContent\\":\\"\\",\\"utmMedium\\":\\"web\\",\\"utmSource\\":\\"cowmunity\\",' +
    '\\"utmTerm\\":\\"js\\"},\\"partnerFee\\":{\\"bps\\":25,\\"recipient\\":\\"0x\\"},\\"hooks\\":{\\"pre\\":[],\\"post\\":[]},\\"referrer\\":' +
    '{\\"address\\":\\"0x\\"},\\"widget\\":{\\"appCode\\":\\"CoW Swap-SafeApp\\",\\"environment\\":\\"production\\"}},\\"version\\":\\"1.3.0\\"}",' +
    '"class":"market","class":"limit","sellTokenBalance":"erc20","buyTokenBalance":"erc20","availableBalance":null,"executedSellAmountBeforeFees":"0",' +
    '"executedFeeAmount":"0","executedFee":"0","executedFeeToken":"0x","isLiquidityOrder":false,"fullBalanceCheck":false,' +
    '"settlementContract":"0x9008D19f58AAbD9eD0D60971565AA8510560ab41","onchainUser":"0x","ethflowData":{"refundTxHash":null,"userValidTo":1},' +
    '"onchainOrderData":{"sender":"0x","placementError":null},"quoteId":1,"validFrom":null,"from":"0x","quote":{"gasAmount":"","gasPrice":"",' +
    '"sellTokenPrice":"0.","sellAmount":"","buyAmount":"","feeAmount":"0","solver":"0x","verified":true,"metadata":{"interactions":[]}},' +
    '"interactions":{"pre":[],"post":[]},"fullFeeAmount":"0","solverFee":"0"}',
);

const TRADE_DICTIONARY = Buffer.from(
  '{"owner":"0x","sellToken":"0x","buyToken":"0x","sellAmount":"","sellAmountBeforeFees":"","buyAmount":"","txHash":"0x",' +
    '"executedProtocolFees":[{"policy":{"surplus":{"factor":0.5,"maxVolumeFactor":0.01}},"policy":{"priceImprovement":{"factor":0.5,' +
    '"maxVolumeFactor":0.01,"quote":{}}},"policy":{"volume":{"factor":0.0002}},"amount":"","token":"0x"}]}',
);

export const packOrderRest = (json: string): Buffer => deflateRawSync(json, { dictionary: ORDER_DICTIONARY });
export const unpackOrderRest = (packed: Uint8Array): string => inflateRawSync(packed, { dictionary: ORDER_DICTIONARY }).toString();
export const packTradeRest = (json: string): Buffer => deflateRawSync(json, { dictionary: TRADE_DICTIONARY });
export const unpackTradeRest = (packed: Uint8Array): string => inflateRawSync(packed, { dictionary: TRADE_DICTIONARY }).toString();
