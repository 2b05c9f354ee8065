// Run by app.bench.ts inside scripts/with-keychain.sh (a private, real keychain):
// one order signed by the app's whole signing path, OrderSigner through the
// signer process (sealed request, digest recomputed and compared, signature
// back), against bare viem signing the same typed data with an account made
// once, and against @cowprotocol/contracts' signOrder with an ethers 5 Wallet
// (how CoW's own tooling signs). Prints the wall-clock medians and CPU per
// signature as JSON on its last line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OrderBalance, OrderKind, SigningScheme, signOrder as contractsSignOrder } from '@cowprotocol/contracts';
import { ethers } from 'ethers';
import { privateKeyToAccount } from 'viem/accounts';
import { orderTypedData } from '../../main/common/protocol/order';
import { AccountService } from '../../main/core/signer/account-service';
import { AccountsRepo } from '../../main/core/signer/accounts-repo';
import { loadKeytar } from '../../main/core/signer/keychain-vault';
import { buildOrder } from '../../main/core/signer/order-draft';
import { OrderSigner } from '../../main/core/signer/order-signer';
import { forkSigner } from '../../main/core/signer/process/node-launcher';
import { SignerClient } from '../../main/core/signer/signer-client';
import { openStore } from '../../main/core/store/open-store';
import { makeTempDir } from '../helpers/temp-dir';
import { TEST_ACCOUNTS } from '../sandbox';
import { interleavedMedians } from './measure';

/** Timed signatures of each kind, in turns: a thousand, as one busy second of a shared machine moved the median of 201 by a tenth. */
const RUNS = 1001;
const CPU_RUNS = 1000;
/** /proc's unit of process CPU time (sysconf CLK_TCK): 100 per second on Linux. */
const CLOCK_TICKS = 100;
const SERVICE = 'CoW Desk bench';
const dir = makeTempDir('cow-desk-bench-');
const store = openStore(join(dir.path, 'cow-desk.sqlite'));
const keys = new SignerClient(forkSigner, { keychainService: SERVICE, vaultDir: join(dir.path, 'vault') });
try {
  const accounts = new AccountService(new AccountsRepo(store.db), keys);
  await accounts.importKey('Bench', TEST_ACCOUNTS.trader.privateKey, { vault: 'keychain' });
  const signer = new OrderSigner(accounts, () => 'production', () => 1_800_000_000);
  const draft = {
    account: TEST_ACCOUNTS.trader.address, chainId: 1, sellToken: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', buyToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    receiver: null, sellAmount: '1000000000000000000', buyAmount: '3000000000', validTo: 1_800_000_600, kind: 'sell', partiallyFillable: false,
    fullAppData: '{"appCode":"CoW Desk","metadata":{},"version":"1.3.0"}', signingScheme: 'eip712',
  } as const;
  const built = buildOrder(draft, 'production', 1_800_000_000);
  const account = privateKeyToAccount(TEST_ACCOUNTS.trader.privateKey);
  const typed = orderTypedData(built.struct, built.domain);
  // As the signing dialog asks: with the digest of the preview the user confirmed (asked for once,
  // before the click; the click is what is timed).
  const { digest } = await signer.preview(draft);
  if (digest !== built.digest) throw new Error('the preview shows another digest than the order viem signs');
  // The signer must answer what viem answers: a faster wrong signature would be no result.
  const sign = () => signer.signOrder(draft, undefined, digest);
  if ((await sign()).signature !== (await account.signTypedData(typed))) throw new Error('the signer process signed differently from viem');
  const wall = await interleavedMedians(sign, () => account.signTypedData(typed), RUNS);
  // The same order through CoW's contracts package and ethers 5, which must give the same signature.
  const wallet = new ethers.Wallet(TEST_ACCOUNTS.trader.privateKey);
  const contractsOrder = {
    ...built.struct,
    // The package spells "no receiver" as undefined and refuses address(0), which it signs for it.
    receiver: undefined,
    kind: OrderKind.SELL,
    sellTokenBalance: OrderBalance.ERC20,
    buyTokenBalance: OrderBalance.ERC20,
  };
  const contractsDomain = { name: built.domain.name, version: built.domain.version, chainId: built.domain.chainId, verifyingContract: built.domain.verifyingContract };
  const viaContracts = () => contractsSignOrder(contractsDomain, contractsOrder, wallet, SigningScheme.EIP712);
  if ((await viaContracts()).data !== (await sign()).signature) throw new Error('@cowprotocol/contracts signed differently from the signer process');
  const wallContracts = await interleavedMedians(sign, viaContracts, RUNS);
  // CPU time, main's and the signer process's together: what the hop costs in work, whatever the
  // machine's load does to the wall clock while one process waits for the other to be scheduled.
  const signerCpuMs = () => {
    const fields = readFileSync(`/proc/${keys.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  };
  const mainCpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const cpu = async (task: () => Promise<unknown>, withSigner: boolean) => {
    const start = mainCpuMs() + (withSigner ? signerCpuMs() : 0);
    for (let i = 0; i < CPU_RUNS; i += 1) await task();
    return (mainCpuMs() + (withSigner ? signerCpuMs() : 0) - start) / CPU_RUNS;
  };
  console.log(JSON.stringify({ wall, wallContracts, cpu: { app: await cpu(sign, true), bare: await cpu(() => account.signTypedData(typed), false) } }));
} finally {
  await keys.close();
  store.close();
  dir.remove();
  const keytar = await loadKeytar();
  for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
}
