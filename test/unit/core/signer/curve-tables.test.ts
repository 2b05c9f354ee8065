import { createRequire } from 'node:module';
import { realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { sign } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { widenBasePointTable } from '../../../../main/core/signer/process/curve-tables';

const ours = createRequire(import.meta.url);
const curvesPackage = (from: NodeRequire) => realpathSync(dirname(from.resolve('@noble/curves/secp256k1')));

describe("the signer's wider table of the curve's base point", () => {
  it('is built in the secp256k1 module viem signs with (one @noble/curves for both)', () => {
    const viems = createRequire(ours.resolve('viem/package.json'));
    expect(curvesPackage(viems)).toBe(curvesPackage(ours));
  });

  it('signs as before with the wider table (hardhat key #0 over 0x11…11, as main/core/signer/order-signer.ts warms up with)', async () => {
    const privateKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
    const hash = `0x${'11'.repeat(32)}` as const;
    const before = await sign({ hash, privateKey, to: 'hex' });
    widenBasePointTable();
    expect(await sign({ hash, privateKey, to: 'hex' })).toBe(before);
    expect(before).toBe('0x0f7ab7fdc86593590dfcf2e79ffe37056ed62d7191979e42979d39942847fbb904f14566b0640bb3c10128294cda733f61fa74f3dc846979c55115e92b0a1b751b');
  });
});
