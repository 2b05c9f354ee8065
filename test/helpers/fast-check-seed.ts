import fc from 'fast-check';

// Setup file of the unit and integration projects. fast-check prints the seed of a failing
// property ({ seed: …, path: … }); with SEED=… every property of the run that fixes no seed of its
// own draws from it, so that failure replays without editing the test.
if (process.env.SEED !== undefined) fc.configureGlobal({ seed: Number(process.env.SEED) });
