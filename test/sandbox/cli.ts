import { DEFAULT_NOW, startSandbox, TEST_ACCOUNTS } from './index';

/**
 * `npm run sandbox [-- --staging] [-- --fixed-time]`: both services on 127.0.0.1 for
 * running the app locally. The clock starts at the real time (the app signs
 * validTo from its own clock) and follows it, and a batch settles every 12 s,
 * like a block, so orders placed from the app fill, expire and notify.
 * With --fixed-time the clock starts at DEFAULT_NOW and moves 12 s per batch.
 */
const BATCH_SECONDS = 12;

const args = new Set(process.argv.slice(2));
const fixedTime = args.has('--fixed-time');
const wallSeconds = () => Math.floor(Date.now() / 1000);
const start = fixedTime ? DEFAULT_NOW : wallSeconds();
const sandbox = await startSandbox({ now: start, environment: args.has('--staging') ? 'staging' : 'production' });

console.log(`CoW sandbox (${sandbox.environment})`);
console.log(`  orderbook: ${sandbox.orderbookUrl}`);
console.log(`  bff:       ${sandbox.bffUrl}`);
console.log(`  trader:    ${TEST_ACCOUNTS.trader.address} (public hardhat key #0, funded on every chain)`);
console.log('Ctrl+C to stop.');

const timer = setInterval(() => {
  sandbox.clock.advance(fixedTime ? BATCH_SECONDS : Math.max(0, wallSeconds() - sandbox.clock.now()));
  const report = sandbox.settle();
  if (report.fills.length > 0) console.log(`settled ${report.fills.length} fill(s): ${report.fills.map((fill) => fill.uid.slice(0, 10)).join(', ')}`);
}, BATCH_SECONDS * 1000);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    clearInterval(timer);
    void sandbox.close().then(() => process.exit(0));
  });
}
