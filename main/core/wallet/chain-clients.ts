import { createPublicClient, http, type PublicClient } from 'viem';
import { AppError } from '../../common/errors';
import { jsonRpcFetch } from '../api/bounded-fetch';
import { chainName } from '../../common/protocol/chains';
import type { SettingsService } from '../settings/settings-service';

/** How long one JSON-RPC call may take: an on-chain feature must answer, never hang. */
const RPC_TIMEOUT_MS = 10_000;

/**
 * One viem public client per chain, built from the JSON-RPC URL in Settings
 * (or, where the user set none, the URL the app was started with: the
 * sandbox's nodes in sandbox mode). A changed setting replaces the client.
 */
export class ChainClients {
  private readonly clients = new Map<number, { url: string; client: PublicClient }>();

  constructor(
    private readonly settings: SettingsService,
    private readonly defaults: Readonly<Record<number, string>> = {},
  ) {}

  url(chainId: number): string | undefined {
    return this.settings.current().rpcUrls[String(chainId)] ?? this.defaults[chainId];
  }

  available(chainId: number): boolean {
    return this.url(chainId) !== undefined;
  }

  /** When a block was mined, epoch ms: the chain's own clock. */
  async blockTime(chainId: number, blockNumber: number): Promise<number> {
    const block = await this.get(chainId).getBlock({ blockNumber: BigInt(blockNumber) });
    return Number(block.timestamp) * 1000;
  }

  /** Null when the chain can be used, else the reason in words (the UI links to Settings). */
  unavailableReason(chainId: number): string | null {
    if (this.url(chainId)) return null;
    const name = chainName(chainId);
    return `No JSON-RPC URL is set for ${name}: balances, approvals, wrapping and on-chain actions need one. Add it in Settings → Networks.`;
  }

  get(chainId: number): PublicClient {
    const url = this.url(chainId);
    if (!url) throw new AppError('RPC_NOT_CONFIGURED', this.unavailableReason(chainId) ?? '', { details: { chainId } });
    const cached = this.clients.get(chainId);
    if (cached?.url === url) return cached.client;
    const client = createPublicClient({ transport: http(url, { timeout: RPC_TIMEOUT_MS, retryCount: 1, fetchFn: jsonRpcFetch() }), batch: { multicall: false } }) as PublicClient;
    this.clients.set(chainId, { url, client });
    return client;
  }

  /** Chains with an RPC in effect, for the block watcher. */
  configured(): number[] {
    const ids = new Set([...Object.keys(this.settings.current().rpcUrls).map(Number), ...Object.keys(this.defaults).map(Number)]);
    return [...ids].filter((id) => this.url(id));
  }
}
