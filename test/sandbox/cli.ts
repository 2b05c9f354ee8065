import { DEFAULT_NOW, startSandbox, TEST_ACCOUNTS } from './index';

/**
 * `npm run sandbox [-- --staging] [-- --fixed-time] [-- --port <first port>]`: both
 * services on 127.0.0.1 for running the app locally. The clock starts at the
 * real time (the app signs validTo from its own clock) and follows it, and a
 * batch settles every 12 s, like a block, so orders placed from the app fill,
 * expire and notify. With --fixed-time the clock starts at DEFAULT_NOW and
 * moves 12 s per batch. The ports stay the same from one start to the next
 * (the URLs entered in the app's Settings keep working): the orderbook on
 * DEFAULT_FIRST_PORT, the token service on the next, the chains' JSON-RPC on
 * the five after; --port chooses the first, --port 0 takes any free ports.
 */
const BATCH_SECONDS = 12;
const DEFAULT_FIRST_PORT = 41000;

const argv = process.argv.slice(2);
const args = new Set(argv);
const firstPort = portArgument(argv);
const fixedTime = args.has('--fixed-time');
const wallSeconds = () => Math.floor(Date.now() / 1000);
const start = fixedTime ? DEFAULT_NOW : wallSeconds();
const startedAt = Date.now();
const sandbox = await startSandbox({ now: start, environment: args.has('--staging') ? 'staging' : 'production', chain: true, firstPort });
const chain = sandbox.chain!;

const ROLES: Record<keyof typeof TEST_ACCOUNTS, string> = {
  trader: 'funded, vault relayer approved',
  trader2: 'funded, vault relayer approved',
  noAllowance: 'funded, no allowance',
  unfunded: 'no tokens, no gas',
  banned: 'funded, approved, deny-listed by the orderbook',
};
console.log(`CoW sandbox (${sandbox.environment}), started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
console.log(`  orderbook: ${sandbox.orderbookUrl}`);
console.log(`  bff:       ${sandbox.bffUrl}`);
console.log('  chains (JSON-RPC, real GPv2Settlement at its production address):');
for (const chainId of chain.chainIds) console.log(`    ${String(chainId).padEnd(9)} ${chain.rpcUrls[chainId]}`);
console.log('  test accounts: PUBLIC hardhat test keys, known to everyone; never send real funds to them:');
for (const [name, account] of Object.entries(TEST_ACCOUNTS)) {
  console.log(`    ${name.padEnd(12)} ${account.address} ${account.privateKey} (${ROLES[name as keyof typeof TEST_ACCOUNTS]})`);
}
console.log('Ctrl+C to stop.');

// Production settles on the chains through GPv2Settlement; staging keeps the sandbox's own ledger.
const settle = () => (sandbox.onChain ? sandbox.onChain.settle() : Promise.resolve(sandbox.settle()));
let settling = false;
const timer = setInterval(() => {
  if (settling) return;
  settling = true;
  sandbox.clock.advance(fixedTime ? BATCH_SECONDS : Math.max(0, wallSeconds() - sandbox.clock.now()));
  settle()
    .then((report) => {
      if (report.fills.length > 0) console.log(`settled ${report.fills.length} fill(s) in ${report.fills[0]?.txHash}: ${report.fills.map((fill) => fill.uid.slice(0, 10)).join(', ')}`);
    })
    .catch((error: unknown) => console.error('settlement failed:', error))
    .finally(() => {
      settling = false;
    });
}, BATCH_SECONDS * 1000);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    clearInterval(timer);
    void sandbox.close().then(() => process.exit(0));
  });
}

/** `--port N` or `--port=N`; the default keeps the URLs from one start to the next. */
function portArgument(list: readonly string[]): number {
  const at = list.findIndex((arg) => arg === '--port' || arg.startsWith('--port='));
  if (at === -1) return DEFAULT_FIRST_PORT;
  const text = list[at]!.includes('=') ? list[at]!.split('=')[1] : list[at + 1];
  const port = Number(text);
  // Seven ports from the first: it must leave room for them below 65536.
  if (!Number.isInteger(port) || (port !== 0 && port < 1024) || port > 65_529) {
    console.error(`--port needs the first of seven ports, a whole number from 1024 to 65529 (or 0 for any free ports); got "${text ?? ''}".`);
    process.exit(2);
  }
  return port;
}
