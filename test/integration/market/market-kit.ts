import { join } from 'node:path';
import type { FindToken } from '../../../main/common/market/pool-pair';
import { createRouter, type Handlers } from '../../../main/core/ipc/router';
import { createMarketModule } from '../../../main/core/market/market-module';
import { createRpcChecker } from '../../../main/core/settings/rpc-check';
import { SettingsService } from '../../../main/core/settings/settings-service';
import { ChainClients } from '../../../main/core/wallet/chain-clients';
import { openStore, type Store } from '../../../main/core/store/open-store';
import type { Sandbox } from '../../sandbox';
import { FakeClock } from '../../helpers/fake-clock';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';
import { clientFor } from '../api/client-kit';

/**
 * The market module on a real SQLite file and a real API client against the
 * sandbox, behind the real IPC router (so inputs and outputs go through the
 * contract's zod schemas). A fake clock makes the client's backoff instant.
 */
export function marketFor(sandbox: Sandbox, options: { fetch?: typeof fetch; tokens?: FindToken } = {}) {
  const dir = makeTempDir('cow-desk-market-');
  const store: Store = openStore(join(dir.path, 'cow-desk.sqlite'));
  const clock = new FakeClock(Date.UTC(2027, 0, 15, 8));
  const api = clientFor(sandbox, { clock, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const settings = new SettingsService(undefined, undefined, createRpcChecker());
  // The sandbox's chains when it runs them: pools' pairs are read through their nodes.
  const chains = new ChainClients(settings, sandbox.chain?.rpcUrls ?? {});
  const market = createMarketModule({ storeState: { store }, api, settings, chains, tokens: options.tokens ?? (() => null), userDataDir: dir.path, now: () => clock.now() });
  // Only market commands are called here; the router looks handlers up by name.
  const router = createRouter(market.handlers as Handlers, recordingLogger());
  return {
    dir: dir.path,
    store,
    clock,
    settings,
    market,
    call: (command: string, input: unknown) => router.handle(command, input),
    close: () => {
      store.close();
      dir.remove();
    },
  };
}

/** A fetch that rewrites what the client sends, to make the sandbox answer as it would a malformed request. */
export function tamperingFetch(rewrite: (url: string, init: RequestInit | undefined) => [string, RequestInit | undefined]): typeof fetch {
  return (input, init) => {
    const [url, next] = rewrite(String(input), init);
    return fetch(url, next);
  };
}
