// `tsx test/bench/run-one.ts <name>...`: runs only the named benches (see benches.ts) and prints their rows.
import { loadavg } from 'node:os';
import { BENCHES } from './benches';

for (const name of process.argv.slice(2)) {
  const bench = BENCHES[name];
  if (!bench) throw new Error(`no bench "${name}"; one of ${Object.keys(BENCHES).join(', ')}`);
  const loadBefore = loadavg()[0]!;
  const rows = await bench.run();
  console.log(`${bench.title}: load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`);
  for (const row of rows) {
    const base = row.baseline ? ` | ${row.baseline.name}: ${row.baseline.value.toFixed(3)} ${row.unit} (${(row.value / row.baseline.value).toFixed(2)}x)` : '';
    console.log(`${bench.title} | ${row.name} | ${row.value.toFixed(3)} ${row.unit} | goal ${row.goal ?? '-'}${base}`);
  }
}
