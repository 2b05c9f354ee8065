import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Address, Hex } from 'viem';

/** The public test vectors of shared/spec (public test keys only). */
export interface Vectors {
  eip712: { order_type: string; order_type_hash: Hex; cancellations_type: string; cancellations_type_hash: Hex; markers: Record<string, Hex> };
  domain_separators: { id: string; chainId: number; verifyingContract: Address; domainSeparator: Hex }[];
  orders: {
    id: string;
    domainSeparator: Hex;
    order: {
      sellToken: Address; buyToken: Address; receiver: Address; sellAmount: string; buyAmount: string; validTo: number;
      appData: Hex; feeAmount: string; kind: 'sell' | 'buy'; partiallyFillable: boolean;
      sellTokenBalance: 'erc20'; buyTokenBalance: 'erc20';
    };
    digest: Hex;
    owner: Address;
    uid: Hex;
    signatures: { eip712: Hex; ethsign: Hex };
    signer_private_key_public_test_key: Hex;
  }[];
  app_data: { id: string; fullAppData: string; appDataHash: Hex }[];
}

/**
 * shared/ sits beside the checkout; looked for upwards, so the copy StrykerJS tests in
 * (.stryker-tmp/sandbox-…, `npm run mutation`) finds it too.
 */
function sharedFile(path: string): string {
  for (let dir = process.cwd(); ; dir = dirname(dir)) {
    const candidate = join(dir, '../shared', path);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`shared/${path} not found beside ${process.cwd()} or any folder above it`);
  }
}

export const vectors = JSON.parse(readFileSync(sharedFile('spec/vectors.json'), 'utf8')) as Vectors;
