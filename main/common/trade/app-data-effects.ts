import { decodeFunctionData, erc20Abi, type Abi, type Hex } from 'viem';
import { z } from 'zod';
import { addressSchema } from '../protocol/api/primitives';

/**
 * The parts of an appData document that change what happens to an order, read
 * for the signing dialog: hooks run by the settlement (target, calldata, gas),
 * partner fees taken from the trade, the referrer and the order it replaces.
 * Everything else in the document (appCode, utm, quote) is informational.
 * Shapes follow the appData schema versions the live service accepts
 * (protocol-notes.md: `hooks`, `partnerFee`, `referrer`, `replacedOrder`).
 */
export interface HookEffect {
  phase: 'pre' | 'post';
  target: `0x${string}`;
  gasLimit: string;
  callData: `0x${string}`;
  /** "approve(spender: 0x…, amount: 1000000)" where the function is known, else null. */
  decoded: string | null;
  dappId: string | null;
}

export interface PartnerFeeEffect {
  /** Which fee policy: volume (of the traded amount), surplus, or price improvement. */
  policy: 'volume' | 'surplus' | 'priceImprovement';
  bps: number;
  /** Cap of a surplus / price-improvement fee as a share of volume. */
  maxVolumeBps: number | null;
  recipient: string;
}

export interface AppDataEffects {
  appCode: string | null;
  orderClass: string | null;
  slippageBips: string | null;
  hooks: HookEffect[];
  partnerFees: PartnerFeeEffect[];
  referrer: string | null;
  replacedOrder: string | null;
  /** Parts that could not be read: shown, never silently dropped. */
  unreadable: string[];
}

const hexData = z.string().regex(/^0x([0-9a-fA-F]{2})*$/);
const hookSchema = z.looseObject({ target: addressSchema, callData: hexData, gasLimit: z.union([z.string(), z.number()]), dappId: z.string().optional() });
const hooksSchema = z.looseObject({ pre: z.array(hookSchema).optional(), post: z.array(hookSchema).optional() });
const bpsNumber = z.number().int().min(0).max(10_000);
// Each fee policy of the appData schema; appData 0.x–1.0 wrote a volume fee as `bps`.
const partnerFeeSchemas = [
  z.looseObject({ volumeBps: bpsNumber, recipient: z.string() }).transform((fee) => ({ policy: 'volume' as const, bps: fee.volumeBps, maxVolumeBps: null, recipient: fee.recipient })),
  z
    .looseObject({ surplusBps: bpsNumber, maxVolumeBps: bpsNumber, recipient: z.string() })
    .transform((fee) => ({ policy: 'surplus' as const, bps: fee.surplusBps, maxVolumeBps: fee.maxVolumeBps, recipient: fee.recipient })),
  z
    .looseObject({ priceImprovementBps: bpsNumber, maxVolumeBps: bpsNumber, recipient: z.string() })
    .transform((fee) => ({ policy: 'priceImprovement' as const, bps: fee.priceImprovementBps, maxVolumeBps: fee.maxVolumeBps, recipient: fee.recipient })),
  z.looseObject({ bps: bpsNumber, recipient: z.string() }).transform((fee) => ({ policy: 'volume' as const, bps: fee.bps, maxVolumeBps: null, recipient: fee.recipient })),
];
const referrerSchema = z.union([
  z.looseObject({ address: z.string() }).transform((referrer) => referrer.address),
  z.looseObject({ code: z.string() }).transform((referrer) => referrer.code),
  z.looseObject({ referrer: z.string() }).transform((referrer) => referrer.referrer),
]);

/** Functions a hook commonly calls; their calldata is shown by name and argument. */
const KNOWN_ABIS: readonly Abi[] = [
  erc20Abi,
  [
    { type: 'function', name: 'deposit', stateMutability: 'payable', inputs: [], outputs: [] },
    { type: 'function', name: 'withdraw', stateMutability: 'nonpayable', inputs: [{ name: 'wad', type: 'uint256' }], outputs: [] },
    {
      type: 'function',
      name: 'permit',
      stateMutability: 'nonpayable',
      inputs: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
        { name: 'v', type: 'uint8' },
        { name: 'r', type: 'bytes32' },
        { name: 's', type: 'bytes32' },
      ],
      outputs: [],
    },
  ],
];

/** "name(arg: value, …)" for calldata of a known function, null otherwise. */
export function decodeCallData(callData: Hex): string | null {
  for (const abi of KNOWN_ABIS) {
    try {
      const { functionName, args } = decodeFunctionData({ abi, data: callData });
      const item = abi.find((entry) => entry.type === 'function' && entry.name === functionName);
      const inputs = item && 'inputs' in item ? item.inputs : [];
      const shown = (args ?? []).map((value, index) => `${inputs[index]?.name || `arg${index}`}: ${String(value)}`);
      return `${functionName}(${shown.join(', ')})`;
    } catch {
      // Not this ABI: try the next.
    }
  }
  return null;
}

export function appDataEffects(fullAppData: string): AppDataEffects {
  const effects: AppDataEffects = { appCode: null, orderClass: null, slippageBips: null, hooks: [], partnerFees: [], referrer: null, replacedOrder: null, unreadable: [] };
  let doc: { appCode?: unknown; metadata?: Record<string, unknown> };
  try {
    doc = JSON.parse(fullAppData) as typeof doc;
  } catch {
    effects.unreadable.push('the document is not JSON');
    return effects;
  }
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);
  const metadata = doc.metadata && typeof doc.metadata === 'object' ? doc.metadata : {};
  effects.appCode = text(doc.appCode);
  effects.orderClass = text((metadata.orderClass as { orderClass?: unknown } | undefined)?.orderClass);
  effects.slippageBips = text((metadata.quote as { slippageBips?: unknown } | undefined)?.slippageBips);

  if (metadata.hooks !== undefined) {
    const hooks = hooksSchema.safeParse(metadata.hooks);
    if (!hooks.success) effects.unreadable.push('hooks');
    else {
      for (const phase of ['pre', 'post'] as const) {
        for (const hook of hooks.data[phase] ?? []) {
          effects.hooks.push({
            phase,
            target: hook.target,
            gasLimit: String(hook.gasLimit),
            callData: hook.callData as `0x${string}`,
            decoded: decodeCallData(hook.callData as Hex),
            dappId: hook.dappId ?? null,
          });
        }
      }
    }
  }
  if (metadata.partnerFee !== undefined) {
    const list = Array.isArray(metadata.partnerFee) ? metadata.partnerFee : [metadata.partnerFee];
    for (const entry of list) {
      const fee = partnerFeeSchemas.map((schema) => schema.safeParse(entry)).find((parsed) => parsed.success);
      if (!fee?.data) effects.unreadable.push('partnerFee');
      else effects.partnerFees.push(fee.data);
    }
  }
  if (metadata.referrer !== undefined) {
    const referrer = referrerSchema.safeParse(metadata.referrer);
    if (!referrer.success) effects.unreadable.push('referrer');
    else effects.referrer = referrer.data;
  }
  if (metadata.replacedOrder !== undefined) {
    const uid = text((metadata.replacedOrder as { uid?: unknown } | null)?.uid);
    if (uid === null) effects.unreadable.push('replacedOrder');
    effects.replacedOrder = uid;
  }
  return effects;
}

/** The partner fee on the traded volume, in bps: taken at settlement, so the signed limit must leave room for it. */
export function volumePartnerFeeBips(fullAppData: string): number {
  return appDataEffects(fullAppData).partnerFees.filter((fee) => fee.policy === 'volume').reduce((sum, fee) => sum + fee.bps, 0);
}
