import type { Address } from 'viem';
import { AppError } from '../../common/errors';
import { toCsv } from '../../common/market/csv';
import { concentration, holderRows } from '../../common/market/holders-math';
import { NATIVE_TOKEN_REF } from '../../common/market/inputs';
import type { HoldersResult, TokenMeta } from '../../common/market/market-schema';
import { resolveChain } from '../../common/protocol/chains';
import type { TokenServiceClient } from '../api/token-service-client';
import { writeExport } from './export-file';
import { failure, FirstSeen } from './live-call';
import { tokenMetadata } from './token-metadata';

export interface HoldersDeps {
  tokenService: TokenServiceClient;
  /** The user's JSON-RPC URL for a chain, read at call time so a new one applies at once. */
  rpcUrl: (chainId: number) => string | undefined;
  exportDir: string;
  now: () => number;
  fetch?: typeof fetch;
}

/** The native asset is no contract: the service lists holders of ERC-20 tokens only. */
const NATIVE_HOLDERS = {
  ok: false as const,
  code: 'NATIVE_ASSET',
  message: 'Top holders are listed for ERC-20 tokens only; "-" (the native asset) has a price but no token contract. Enter a token address.',
};
const NATIVE_META: TokenMeta = { symbol: null, decimals: 18, totalSupply: null, source: 'none', notice: null };

/** A token's USD price, top holders and their shares; price, holders and metadata fail independently. */
export class HoldersService {
  private readonly firstSeen: FirstSeen;
  /** The last answer per chain and token, so an export holds what the user saw. */
  private readonly shown = new Map<string, HoldersResult>();

  constructor(private readonly deps: HoldersDeps) {
    this.firstSeen = new FirstSeen(deps.now);
  }

  async holders(chainId: number, token: Address | typeof NATIVE_TOKEN_REF): Promise<HoldersResult> {
    const { tokenService } = this.deps;
    const native = token === NATIVE_TOKEN_REF;
    const [price, holders, meta] = await Promise.all([
      tokenService.usdPrice(chainId, token).then(
        (value) => ({ ok: true as const, usd: value.price, fetchedAt: this.firstSeen.of(value) }),
        failure,
      ),
      native
        ? Promise.resolve(NATIVE_HOLDERS)
        : tokenService.topHolders(chainId, token).then((list) => ({ ok: true as const, list }), failure),
      native ? NATIVE_META : tokenMetadata(chainId, token, { rpcUrl: this.deps.rpcUrl(chainId), ...(this.deps.fetch ? { fetch: this.deps.fetch } : {}) }),
    ]);
    let supply = meta.totalSupply === null ? null : BigInt(meta.totalSupply);
    let notice = meta.notice;
    const listed = holders.ok ? holders.list.reduce((sum, holder) => sum + BigInt(holder.balance), 0n) : 0n;
    if (supply !== null && listed > supply) {
      // More held than exists: the node and the service are not describing the same token.
      supply = null;
      notice = 'The listed holders hold more than the total supply the RPC endpoint reports, so shares of supply are not shown. Check that the endpoint serves this chain.';
    }
    const result: HoldersResult = {
      chainId,
      token,
      meta: { ...meta, notice },
      price,
      holders: holders.ok ? this.table(holders.list, meta, price.ok ? price.usd : null, supply) : holders,
      fetchedAt: this.deps.now(),
    };
    if (!native) this.shown.set(`${chainId}:${token}`, result);
    return result;
  }

  async exportHolders(chainId: number, token: Address): Promise<{ path: string; rows: number }> {
    const result = this.shown.get(`${chainId}:${token}`) ?? (await this.holders(chainId, token));
    if (!result.holders.ok) throw new AppError(result.holders.code, result.holders.message);
    const { symbol } = result.meta;
    const csv = toCsv(
      ['rank', 'address', 'balance_base_units', `amount${symbol ? `_${symbol}` : ''}`, 'usd_value', 'share_of_listed', 'share_of_supply'],
      result.holders.rows.map((row) => [row.rank, row.address, row.balance, row.amount, row.usd, row.listedShare, row.supplyShare]),
    );
    // An on-chain symbol is whatever the deployer chose: only safe characters go into a file name.
    const label = symbol?.replace(/[^A-Za-z0-9]/g, '') || token;
    const name = `holders-${resolveChain(chainId).alias}-${label}`;
    return { path: writeExport(this.deps.exportDir, name, csv, this.deps.now()), rows: result.holders.rows.length };
  }

  private table(list: readonly { address: string; balance: string }[], meta: TokenMeta, usd: number | null, supply: bigint | null) {
    const { rows, listedTotal } = holderRows(list, meta.decimals, usd, supply);
    return { ok: true as const, rows, listedTotal: listedTotal.toString(), concentration: concentration(rows, listedTotal, supply) };
  }
}
