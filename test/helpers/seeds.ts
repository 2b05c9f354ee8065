/**
 * The seed of a test's random choices: `SEED=… npx vitest run <file>` replays a run, otherwise a
 * fresh one is drawn. Printed either way, and tests put it in their failure messages, so a
 * failure says how to replay it.
 */
export function runSeed(what: string): number {
  const given = process.env.SEED;
  const seed = given === undefined ? Math.floor(Math.random() * 0x1_0000_0000) : Number(given);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`SEED must be a non-negative integer, got "${given}"`);
  console.info(`${what}: seed ${seed} (replay with SEED=${seed})`);
  return seed;
}
