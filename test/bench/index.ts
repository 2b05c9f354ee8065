// `npm run bench`: runs every benchmark of the project, idle and beside two CPU
// hogs it starts, and prints one markdown table, with the ratio to its bare
// baseline where there is one.
// `npm run bench -- quotes sync`: only the named benches (benches.ts), e.g. `app` for the signing rows.
import { cpus, loadavg } from 'node:os';
import { BENCHES } from './benches';
import { idleAndUnderLoad } from './cpu-hogs';
import type { BenchRow } from './measure';

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !Object.hasOwn(BENCHES, name));
if (unknown.length > 0) throw new Error(`no bench ${unknown.map((name) => `"${name}"`).join(', ')}; choose among ${Object.keys(BENCHES).join(', ')}`);

const format = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(2) : value.toFixed(4));
const load = () => loadavg().map((n) => n.toFixed(1)).join(' ');

console.log(`# CoW Desk benchmarks\n\nNode ${process.version}, ${new Date().toISOString()}, ${cpus().length} CPUs, load average ${load()}\n`);
console.log('| benchmark | figure | value | goal | baseline | baseline value | ratio |');
console.log('| --- | --- | ---: | --- | --- | ---: | ---: |');
// The machine is shared: each bench's title carries the load averages (1, 5, 15 min) before and after it ran.
for (const [name, bench] of Object.entries(BENCHES)) {
  if (chosen.length > 0 && !chosen.includes(name)) continue;
  const loadBefore = load();
  // Every figure idle and under load (two CPU hogs this process starts), unless load cannot change it.
  const rows: BenchRow[] = bench.conditions ? await bench.run() : await idleAndUnderLoad(() => bench.run());
  const title = `${bench.title} (load ${loadBefore} → ${load()})`;
  for (const row of rows) {
    const base = row.baseline;
    const ratio = base ? `${(row.value / base.value).toFixed(2)}x` : '';
    console.log(
      `| ${title} | ${row.name} | ${format(row.value)} ${row.unit} | ${row.goal ?? ''} | ${base?.name ?? ''} | ${base ? `${format(base.value)} ${row.unit}` : ''} | ${ratio} |`,
    );
  }
}
