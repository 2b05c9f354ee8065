import { createPublicClient, http, type PublicClient } from 'viem';
import { AppError } from '../../common/errors';
import { formatSeconds } from '../../common/format/format';
import { DEADLINES, type Deadlines } from '../../common/limits';
import { jsonRpcFetch } from '../api/bounded-fetch';
import { chainName } from '../../common/protocol/chains';
import type { SettingsService } from '../settings/settings-service';
import { nodeName } from './node-errors';

export interface ChainClientPorts {
  /** Connection bounds of every JSON-RPC request (common/limits); the hostile-node tests shorten them. */
  deadlines?: Readonly<Deadlines>;
  fetch?: typeof fetch;
}

/**
 * One viem public client per chain, built from the JSON-RPC URL in Settings
 * (or, where the user set none, the URL the app was started with: the
 * sandbox's nodes in sandbox mode). A changed setting replaces the client.
 * Every request is bounded: connection and body by bounded-fetch, each attempt
 * by viem's timeout, one retry, and a Retry-After obeyed only up to
 * DEADLINES.retryAfterCapMs (the same cap as every server's), so no call (and no promise viem shares between
 * callers) can hang.
 */
export class ChainClients {
  private readonly clients = new Map<number, { url: string; client: PublicClient }>();
  private readonly deadlines: Readonly<Deadlines>;

  constructor(
    private readonly settings: SettingsService,
    private readonly defaults: Readonly<Record<number, string>> = {},
    private readonly ports: ChainClientPorts = {},
  ) {
    this.deadlines = ports.deadlines ?? DEADLINES;
  }

  url(chainId: number): string | undefined {
    return this.settings.current().rpcUrls[String(chainId)] ?? this.defaults[chainId];
  }

  /** The chain's node in words ("the Ethereum node at rpc.example.org"), for every message about it. */
  nodeName(chainId: number): string {
    return nodeName(chainId, this.url(chainId));
  }

  available(chainId: number): boolean {
    return this.url(chainId) !== undefined;
  }

  /** When a block was mined, epoch ms: the chain's own clock. */
  async blockTime(chainId: number, blockNumber: number): Promise<number> {
    const block = await this.get(chainId).getBlock({ blockNumber: BigInt(blockNumber) });
    return Number(block.timestamp) * 1000;
  }

  /**
   * The latest block number, asked afresh: not viem's getBlockNumber, whose
   * cache hands one in-flight promise to every caller.
   */
  async blockNumber(chainId: number): Promise<bigint> {
    return BigInt(await this.get(chainId).request({ method: 'eth_blockNumber' }));
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
    const fetchFn = retryAfterCapped(jsonRpcFetch(this.ports.fetch, this.deadlines), this.deadlines.retryAfterCapMs);
    const transport = http(url, { timeout: this.deadlines.headersMs, retryCount: 1, retryDelay: this.deadlines.backoffStartMs, fetchFn });
    const client = createPublicClient({ transport, batch: { multicall: false } }) as PublicClient;
    this.clients.set(chainId, { url, client });
    return client;
  }

  /** Chains with an RPC in effect, for the block watcher. */
  configured(): number[] {
    const ids = new Set([...Object.keys(this.settings.current().rpcUrls).map(Number), ...Object.keys(this.defaults).map(Number)]);
    return [...ids].filter((id) => this.url(id));
  }
}

/**
 * viem waits as long as a node's Retry-After says before its retry (120 s,
 * or 1e9 s). An answer asking for more than the cap fails here instead, as
 * "busy, unavailable now"; one within the cap is passed on and obeyed.
 */
export function retryAfterCapped(fetchFn: typeof fetch, capMs: number): typeof fetch {
  return async (input, init) => {
    const response = await fetchFn(input, init);
    const waitMs = retryAfterMs(response.headers.get('retry-after'));
    if (waitMs !== undefined && waitMs > capMs) {
      await response.body?.cancel().catch(() => undefined);
      throw new AppError('NODE_BUSY', `it answered HTTP ${response.status} and asks to wait ${formatSeconds(waitMs / 1000)}, so it is unavailable now.`, {
        retryable: true,
        details: { status: response.status, waitMs },
      });
    }
    return response;
  };
}

/** Retry-After in ms: delay-seconds or an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
