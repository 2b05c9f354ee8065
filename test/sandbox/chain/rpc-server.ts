import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { EIP1193Provider } from 'viem';
import { listenLocal } from '../http/listen';

export interface RunningRpc {
  url: string;
  close(): Promise<void>;
}

interface RpcCall {
  jsonrpc?: string;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

/**
 * One chain's JSON-RPC over HTTP on 127.0.0.1 (any free port unless one is given), forwarding
 * each call (or batch) to the in-process EDR provider, so the app and wallets
 * reach the chain the way they reach a node.
 */
export async function serveRpc(provider: EIP1193Provider, port = 0): Promise<RunningRpc> {
  const server = createServer((req, res) => void answer(req, res, provider));
  const listening = await listenLocal(server, port);
  return {
    url: `http://127.0.0.1:${listening}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function answer(req: IncomingMessage, res: ServerResponse, provider: EIP1193Provider): Promise<void> {
  if (req.method === 'OPTIONS') return send(res, 204, undefined);
  if (req.method !== 'POST') return send(res, 405, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'JSON-RPC wants POST' } });
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return send(res, 200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
  }
  const reply = Array.isArray(body) ? await Promise.all(body.map((call) => one(call as RpcCall, provider))) : await one(body as RpcCall, provider);
  send(res, 200, reply);
}

async function one(call: RpcCall, provider: EIP1193Provider): Promise<unknown> {
  const id = call?.id ?? null;
  if (typeof call?.method !== 'string') return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid request' } };
  try {
    const params = Array.isArray(call.params) ? call.params : [];
    // The provider is typed for viem's known methods; the node answers any method it has.
    const result = await (provider.request as (args: { method: string; params: unknown[] }) => Promise<unknown>)({ method: call.method, params });
    return { jsonrpc: '2.0', id, result: result ?? null };
  } catch (error) {
    const failure = error as { code?: number; message?: string; data?: unknown };
    return { jsonrpc: '2.0', id, error: { code: failure.code ?? -32603, message: failure.message ?? String(error), data: failure.data } };
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}
