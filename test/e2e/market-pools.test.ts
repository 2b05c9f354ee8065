import { existsSync, readFileSync } from 'node:fs';
import { getAddress } from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_POOL_QUERY, applyPoolQuery } from '../../main/common/market/pool-query';
import { poolsOf } from '../sandbox/bff/pools-fixture';
import { PAIR_PROJECTS, sandboxPairOf } from '../sandbox/chain/pool-pairs';
import { TOKENS } from '../sandbox/token-fixtures';
import { startApp, type RunningApp } from './harness';

/** The sandbox's pools of mainnet, in the explorer's shape. */
const fixture = poolsOf(1, 1).map((pool) => ({ ...pool, address: getAddress(pool.contract_address) }));
const top = fixture.slice(0, 500);

describe('Pool explorer in Chromium', () => {
  let app: RunningApp;
  beforeEach(async () => (app = await startApp()));
  afterEach(async () => app.stop());

  const openPools = async () => {
    await app.page.getByRole('button', { name: 'Skip for now' }).click();
    await app.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Pools' }).click();
    await app.page.getByTestId('pool-row').first().waitFor();
  };
  const status = () => app.page.getByTestId('pools-status');
  const column = (testid: string) => app.page.getByTestId(testid).allTextContents();

  it('sorts, filters, scrolls 1000+ rows virtually, shows a pool and exports the view', async () => {
    const { page } = app;
    await openPools();
    await expect.poll(() => status().textContent()).toContain('500 of 500 pools on Ethereum (top by TVL)');
    expect(await status().getAttribute('data-source')).toBe('live');
    expect(await page.getByTestId('pools-note').textContent()).toContain('not account for impermanent loss');
    // No JSON-RPC node in this app: no pair is read, and the cell says why when pointed at.
    const noPair = page.getByTestId('pool-pair').first().locator('span');
    expect(await noPair.textContent()).toBe('no pair');
    expect(await noPair.getAttribute('title')).toContain('no JSON-RPC node is set for Ethereum: add one in Settings → Networks.');

    // Sort by APR: the rendered rows are the fixture's highest APRs, largest first.
    await page.getByTestId('sort-apr').click();
    const byApr = applyPoolQuery(top, { ...DEFAULT_POOL_QUERY, sort: { key: 'apr', dir: 'desc' } });
    await expect.poll(() => column('pool-apr').then((cells) => cells.slice(0, 5))).toEqual(byApr.slice(0, 5).map((pool) => `${pool.apr!.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`));
    expect(await page.locator('[role=columnheader][aria-sort=descending]').textContent()).toContain('APR');

    // Filter: one project, a TVL floor and an APR range; the count matches the same query on the fixture.
    await page.getByTestId('project-filter').click();
    await page.getByLabel('uniswap-v3').check();
    await page.getByTestId('project-filter').click();
    await page.getByTestId('tvl-min').fill('100000');
    await page.getByTestId('apr-min').fill('1');
    await page.getByTestId('apr-max').fill('40');
    const query = { ...DEFAULT_POOL_QUERY, projects: ['uniswap-v3'], tvlMin: 100_000, aprMin: 1, aprMax: 40, sort: { key: 'apr' as const, dir: 'desc' as const } };
    const filtered = applyPoolQuery(top, query);
    expect(filtered.length).toBeGreaterThan(3);
    await expect.poll(() => status().textContent()).toContain(`${filtered.length} of 500 pools`);
    const cells = await page.getByTestId('pool-row').evaluateAll((rows) => rows.map((row) => row.querySelector('.project')!.textContent));
    expect(new Set(cells)).toEqual(new Set(['uniswap-v3']));
    await app.screenshot('pools-sorted-filtered');

    // Detail with a copyable address and an explorer link.
    await page.getByTestId('pool-row').first().click();
    const first = filtered[0]!;
    expect(await page.getByTestId('pool-detail-address').textContent()).toBe(first.address);
    expect(await page.getByTestId('pool-explorer-link').getAttribute('href')).toBe(`https://etherscan.io/address/${first.address}`);
    await app.screenshot('pools-detail');

    // Export writes exactly the rows on screen.
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const written = await page.getByTestId('pools-export-result').textContent();
    const path = /written to (.+\.csv)$/.exec(written ?? '')![1]!;
    expect(path.startsWith(`${app.userDataDir}/exports/`)).toBe(true);
    expect(readFileSync(path, 'utf8').trimEnd().split('\r\n').slice(1).map((line) => line.split(',')[0])).toEqual(filtered.map((pool) => pool.address));

    // Pasted addresses: a bad entry is refused with its message, then 1200 pools load and scroll.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByText('Look up specific pools by address').click();
    await page.getByTestId('pool-lookup').fill(`${fixture[0]!.address}\n0x12345`);
    await expect.poll(() => page.getByTestId('pool-lookup-error').textContent()).toContain('"0x12345" is not an address');
    expect(await page.getByTestId('pool-lookup-submit').isDisabled()).toBe(true);
    await page.getByTestId('pool-lookup').fill(fixture.slice(0, 1200).map((pool) => pool.address).join('\n'));
    await page.getByTestId('pool-lookup-submit').click();
    await expect.poll(() => status().textContent()).toContain('1200 of 1200 pools on Ethereum (1200 addresses asked)');
    expect(await page.getByTestId('pool-row').count()).toBeLessThan(60);
    await page.getByTestId('virtual-list').evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
    const lastByApr = applyPoolQuery(fixture.slice(0, 1200), { ...DEFAULT_POOL_QUERY, sort: { key: 'apr', dir: 'desc' } }).at(-1)!;
    await expect.poll(() => page.getByTestId('pool-row').last().locator('code').getAttribute('title')).toBe(lastByApr.address);
    await app.screenshot('pools-1200-scrolled');
  });

  // Issue 33: the APR trend was one dot for days. A trend shows from three snapshots; before, how many there are.
  it('draws a pool\'s APR trend from its third snapshot, and says how many there are before', async () => {
    const { page } = app;
    await openPools();
    const firstTrend = () => page.getByTestId('pool-row').first().locator('.trend');
    await expect.poll(() => firstTrend().textContent()).toBe('1 of 3 snapshots needed for a trend');
    expect(await firstTrend().getByTestId('trend-line').count()).toBe(0);
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => firstTrend().textContent()).toBe('2 of 3 snapshots needed for a trend');
    await page.getByRole('button', { name: 'Reload' }).click();
    await firstTrend().getByTestId('trend-line').waitFor();
    await app.screenshot('pools-trend');
  });

  it('charts the average APR by project with its data age, and keeps working offline from the snapshot', async () => {
    const { page, sandboxes } = app;
    await openPools();
    await page.getByRole('tab', { name: 'Average APR by project' }).click();
    await page.getByTestId('apr-chart').waitFor();
    const bars = page.getByTestId('apr-bar');
    const values = await bars.locator('text.value').allTextContents();
    expect(values.length).toBeGreaterThan(3);
    const numbers = values.map((value) => Number.parseFloat(value));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(await page.getByTestId('apr-age').textContent()).toMatch(/^Fetched \d+ s ago .*caches these figures for 6 h/s);
    await app.screenshot('pools-average-apr');

    await sandboxes.production.stop();
    await expect.poll(() => page.getByTestId('health-tokenService').getAttribute('data-state'), { timeout: 5_000 }).toBe('offline');
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => page.getByTestId('apr-age').textContent()).toMatch(/^Offline snapshot \d+ s ago/);
    await page.getByRole('tab', { name: 'Pool explorer' }).click();
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => status().getAttribute('data-source')).toBe('snapshot');
    expect(await status().textContent()).toContain('500 of 500 pools');
    expect(await page.getByTestId('pools-notice').textContent()).toBe('The token service is unreachable right now. Showing your last snapshot instead.');
    await app.screenshot('pools-offline-snapshot');
    const exported = existsSync(`${app.userDataDir}/exports`);
    expect(exported).toBe(false); // nothing was exported in this test: offline loads write no files
  });

  it('switching chain never shows another chain\'s pools: the status line names the chain, and a failed load leaves none', async () => {
    const { page, sandboxes } = app;
    await openPools();
    await expect.poll(() => status().textContent()).toContain('pools on Ethereum (top by TVL)');
    const shownAddresses = () => page.getByTestId('pool-row').locator('code').allTextContents();
    const mainnet = await shownAddresses();

    await page.getByTestId('pools-chain').selectOption('100');
    await expect.poll(() => status().textContent()).toContain('pools on Gnosis Chain');
    const gnosis = await shownAddresses();
    expect(gnosis.length).toBeGreaterThan(0);
    expect(gnosis.filter((address) => mainnet.includes(address))).toEqual([]);

    // With the service gone, Base has no pools to show (no snapshot of it yet): no Gnosis rows under a Base picker.
    await sandboxes.production.stop();
    await expect.poll(() => page.getByTestId('health-tokenService').getAttribute('data-state'), { timeout: 5_000 }).toBe('offline');
    await page.getByTestId('pools-chain').selectOption('8453');
    await page.getByTestId('pools-error').waitFor();
    expect(await page.getByTestId('pool-row').count()).toBe(0);
    expect(await status().count()).toBe(0);
    await app.screenshot('pools-chain-switch-offline');
  });
});

describe('Pool pairs in Chromium, read on the sandbox chains', () => {
  let app: RunningApp;
  beforeEach(async () => (app = await startApp({ chain: true })));
  afterEach(async () => app.stop());

  it('names each pool by its pair in the table and the detail, keeping the address, and says why a pool has none', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Pools' }).click();
    await page.getByTestId('pool-row').first().waitFor();
    const symbol = (address: string) => TOKENS[1]!.find((token) => token.address === address)!.symbol;
    // The table's first rows are the largest TVL first: the fixture's first pools, each named as its contract says.
    const expected = fixture.slice(0, 8).map((pool, index) => {
      if (!PAIR_PROJECTS.has(pool.project)) return 'no pair';
      const { token0, token1 } = sandboxPairOf(1, index);
      return `${symbol(token0)} / ${symbol(token1)}`;
    });
    expect(expected).toContain('no pair');
    await expect.poll(() => page.getByTestId('pool-pair').allTextContents().then((cells) => cells.slice(0, 8).map((cell) => cell.trim()))).toEqual(expected);
    const balancerLike = fixture.findIndex((pool) => !PAIR_PROJECTS.has(pool.project));
    expect(await page.getByTestId('pool-pair').nth(balancerLike).locator('span').getAttribute('title')).toContain('does not answer token0() and token1()');

    const named = expected.findIndex((name) => name !== 'no pair');
    await page.getByTestId('pool-row').nth(named).click();
    expect(await page.getByTestId('pool-detail-pair').textContent()).toBe(expected[named]);
    expect(await page.getByTestId('pool-detail-address').textContent()).toBe(fixture[named]!.address);
    await app.screenshot('pools-pairs');
  });
});
