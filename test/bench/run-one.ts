// `tsx test/bench/run-one.ts <name>...`: runs only the named benches (sync, history, app, api, pools) and prints their rows.
import { loadavg } from 'node:os';
import { apiClientBench } from './api-client.bench';
import { appBench } from './app.bench';
import { historyBench } from './history.bench';
import { marketPoolsBench } from './market-pools.bench';
import type { Bench } from './measure';
import { syncBench } from './sync.bench';

const byName: Record<string, Bench> = { sync: syncBench, history: historyBench, app: appBench, api: apiClientBench, pools: marketPoolsBench };
for (const name of process.argv.slice(2)) {
  const bench = byName[name];
  if (!bench) throw new Error(`no bench "${name}"; one of ${Object.keys(byName).join(', ')}`);
  const loadBefore = loadavg()[0]!;
  const rows = await bench.run();
  console.log(`${bench.title}: load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`);
  for (const row of rows) {
    const base = row.baseline ? ` | ${row.baseline.name}: ${row.baseline.value.toFixed(3)} ${row.unit} (${(row.value / row.baseline.value).toFixed(2)}x)` : '';
    console.log(`${bench.title} | ${row.name} | ${row.value.toFixed(3)} ${row.unit} | goal ${row.goal ?? '-'}${base}`);
  }
}
