// `npm run bench`: runs every benchmark of the project and prints one markdown
// table, with the ratio to its bare baseline where there is one.
import { cpus, loadavg } from 'node:os';
import { BENCHES } from './benches';
import type { BenchRow } from './measure';

const format = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(2) : value.toFixed(4));

console.log(`# CoW Desk benchmarks\n\nNode ${process.version}, ${new Date().toISOString()}, ${cpus().length} CPUs, load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}\n`);
console.log('| benchmark | figure | value | goal | baseline | baseline value | ratio |');
console.log('| --- | --- | ---: | --- | --- | ---: | ---: |');
// The machine is shared: each bench's title carries the 1-minute load average before and after it ran.
for (const bench of Object.values(BENCHES)) {
  const loadBefore = loadavg()[0]!;
  const rows: BenchRow[] = await bench.run();
  const title = `${bench.title} (load ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)})`;
  for (const row of rows) {
    const base = row.baseline;
    const ratio = base ? `${(row.value / base.value).toFixed(2)}x` : '';
    console.log(
      `| ${title} | ${row.name} | ${format(row.value)} ${row.unit} | ${row.goal ?? ''} | ${base?.name ?? ''} | ${base ? `${format(base.value)} ${row.unit}` : ''} | ${ratio} |`,
    );
  }
}
