// A sandbox in its own process for the sync bench: its request handling must
// not count as the app's main-thread time. Seeds `count` orders for the trader
// on chain 1 and prints one JSON line with its URLs; stops on SIGTERM.
import { startSandbox, TEST_ACCOUNTS } from '../sandbox';

const count = Number(process.argv[2] ?? 10_000);
const sandbox = await startSandbox();
const uids = new Set<string>();
// The seed can repeat an EthFlow order (same UID): seed the shortfall until the count is right.
while (uids.size < count) for (const uid of sandbox.orders.seed(1, TEST_ACCOUNTS.trader.address, count - uids.size)) uids.add(uid);
const open = [...uids].filter((uid) => (sandbox.orders.get(uid) as { status: string }).status === 'open').length;
console.log(JSON.stringify({ orderbookUrl: sandbox.orderbookUrl, bffUrl: sandbox.bffUrl, orders: uids.size, open }));
process.once('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
