import { getAddress } from 'viem';
import { startApp } from '../e2e/harness';
import { poolsOf } from '../sandbox/bff/pools-fixture';
import type { Bench } from './measure';

const POOLS = 1000;
const RUNS = 60;

/**
 * Runs in the page: times `action` from the event to the DOM updated and laid
 * out, `runs` times after a warm-up, and returns the median. A MessageChannel
 * message is the next task without the 4 ms clamp nested timers get; Svelte
 * has flushed its microtask by then, and reading offsetHeight forces layout.
 */
const MEASURE = `async ({ runs, kind }) => {
  const channel = new MessageChannel();
  const nextTask = () => new Promise((resolve) => { channel.port1.onmessage = () => resolve(); channel.port2.postMessage(0); });
  const sortButton = document.querySelector('[data-testid=sort-tvl]');
  const search = document.querySelector('[data-testid=pool-search]');
  const plain = Array.from({ length: ${POOLS} }, (_, i) => ({ tvl: (i * 7919) % 1000003, project: 'p' + (i % 7) }));
  let flip = false;
  const actions = {
    sort: () => sortButton.click(),
    filter: () => { flip = !flip; search.value = flip ? 'uniswap' : ''; search.dispatchEvent(new Event('input', { bubbles: true })); },
    bare: () => { flip = !flip; plain.slice().sort(flip ? (a, b) => a.tvl - b.tvl : (a, b) => b.tvl - a.tvl); },
  };
  const samples = [];
  for (let i = 0; i < runs + 6; i += 1) {
    const start = performance.now();
    actions[kind]();
    await nextTask();
    void document.body.offsetHeight;
    if (i >= 6) samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)], rows: document.querySelectorAll('[data-testid=pool-row]').length };
}`;

/**
 * Sorting and filtering 1000 pools in the real renderer (the built app in
 * Chromium, fed by the sandbox), from the click or keystroke to the updated
 * and laid-out table. Baseline: a bare Array.sort of 1000 plain objects in the
 * same page. Needs `npm run build` first, like the e2e tests.
 */
export const marketPoolsBench: Bench = {
  title: `Pool explorer: ${POOLS} pools in Chromium`,
  async run() {
    const app = await startApp();
    try {
      const { page } = app;
      await page.getByRole('button', { name: 'Skip for now' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Pools' }).click();
      await page.getByTestId('pool-row').first().waitFor();
      await page.getByText('Look up specific pools by address').click();
      const addresses = poolsOf(1, 1).slice(0, POOLS).map((pool) => getAddress(pool.contract_address));
      await page.getByTestId('pool-lookup').fill(addresses.join('\n'));
      await page.getByTestId('pool-lookup-submit').click();
      await page.getByText(`${POOLS} of ${POOLS} pools`).waitFor();
      // Called in the page as a string: this file is type-checked without the DOM library.
      const measure = (kind: string) => page.evaluate<{ median: number; rows: number }>(`(${MEASURE})(${JSON.stringify({ runs: RUNS, kind })})`);
      const bare = await measure('bare');
      const sort = await measure('sort');
      const filter = await measure('filter');
      const baseline = { name: 'bare Array.sort of 1000 objects', value: bare.median };
      return [
        { name: `sort by TVL, click to table laid out (median of ${RUNS}; ${sort.rows} rows in the DOM)`, value: sort.median, unit: 'ms', baseline },
        { name: `search filter, keystroke to table laid out (median of ${RUNS})`, value: filter.median, unit: 'ms', baseline },
      ];
    } finally {
      await app.stop();
    }
  },
};
