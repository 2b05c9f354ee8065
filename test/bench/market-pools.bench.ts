import { getAddress } from 'viem';
import { startApp } from '../e2e/harness';
import { poolsOf } from '../sandbox/bff/pools-fixture';
import type { Bench } from './measure';

const POOLS = 1000;
const RUNS = 60;

/**
 * Runs in the page: times each action from the event to the DOM updated and
 * laid out, alternating the app's action with the baseline `runs` times after
 * a warm-up, and returns both medians. A MessageChannel message is the next
 * task without the 4 ms clamp nested timers get; Svelte has flushed its
 * microtask by then, and reading offsetHeight forces layout. The baseline does
 * the same work by hand: sort the 1000 pools and rebuild a 1000-row table of
 * the same cells in the same page, then lay it out.
 */
const MEASURE = `async ({ runs, kind }) => {
  const channel = new MessageChannel();
  const nextTask = () => new Promise((resolve) => { channel.port1.onmessage = () => resolve(); channel.port2.postMessage(0); });
  const sortButton = document.querySelector('[data-testid=sort-tvl]');
  const search = document.querySelector('[data-testid=pool-search]');
  const appRows = [...document.querySelectorAll('[data-testid=pool-row]')];
  const plain = appRows.map((row, i) => ({ cells: [...row.children].map((cell) => cell.textContent), tvl: (i * 7919) % 1000003, project: row.textContent }));
  const host = document.createElement('div');
  host.style.cssText = 'position:absolute;left:0;top:0;width:' + (appRows[0]?.parentElement?.clientWidth ?? 900) + 'px;visibility:hidden';
  document.body.append(host);
  let flip = false;
  let query = false;
  const rebuild = (list) => {
    const table = document.createElement('table');
    for (const item of list) {
      const tr = table.insertRow();
      for (const text of item.cells) tr.insertCell().textContent = text;
    }
    host.replaceChildren(table);
  };
  const actions = {
    sort: () => sortButton.click(),
    filter: () => { query = !query; search.value = query ? 'uniswap' : ''; search.dispatchEvent(new Event('input', { bubbles: true })); },
    bareSort: () => { flip = !flip; rebuild(plain.slice().sort(flip ? (a, b) => a.tvl - b.tvl : (a, b) => b.tvl - a.tvl)); },
    bareFilter: () => { query = !query; rebuild(query ? plain.filter((item) => item.project.toLowerCase().includes('uniswap')) : plain); },
  };
  const time = async (action) => {
    const start = performance.now();
    actions[action]();
    await nextTask();
    void document.body.offsetHeight;
    return performance.now() - start;
  };
  const bare = kind === 'sort' ? 'bareSort' : 'bareFilter';
  const app = [];
  const base = [];
  for (let i = 0; i < runs + 6; i += 1) {
    const a = await time(kind);
    const b = await time(bare);
    if (i >= 6) { app.push(a); base.push(b); }
  }
  host.remove();
  const median = (xs) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  return { app: median(app), bare: median(base), rows: document.querySelectorAll('[data-testid=pool-row]').length };
}`;

/**
 * Sorting and filtering 1000 pools in the real renderer (the built app in
 * Chromium, fed by the sandbox), from the click or keystroke to the updated
 * and laid-out table. Baseline, timed in turns with it: the same sort or
 * filter done by hand in the same page, rebuilding a table of the same rows
 * and cells and laying it out. Needs `npm run build` first, like the e2e tests.
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
      const measure = (kind: string) => page.evaluate<{ app: number; bare: number; rows: number }>(`(${MEASURE})(${JSON.stringify({ runs: RUNS, kind })})`);
      const sort = await measure('sort');
      const filter = await measure('filter');
      return [
        { name: `sort by TVL, click to table laid out (median of ${RUNS}; ${sort.rows} rows in the DOM)`, value: sort.app, unit: 'ms', baseline: { name: 'sort + rebuild the same rows by hand', value: sort.bare } },
        { name: `search filter, keystroke to table laid out (median of ${RUNS})`, value: filter.app, unit: 'ms', baseline: { name: 'filter + rebuild the same rows by hand', value: filter.bare } },
      ];
    } finally {
      await app.stop();
    }
  },
};
