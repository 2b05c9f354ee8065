import { describe, expect, it } from 'vitest';
import { compileContracts, loadArtifacts } from '../../sandbox/chain/compile';

// The sandbox's token and proxy bytecode is compiled from the sources beside it
// by solc-js; this recompiles them and checks the committed artifacts match.
describe('sandbox chain contract artifacts', () => {
  it('are what solc-js makes of test/sandbox/chain/contracts today', { timeout: 120_000 }, async () => {
    expect(await compileContracts()).toEqual(loadArtifacts());
  });
});
