import { createRequire } from 'node:module';

type CowTooling = typeof import('@cowprotocol/contracts');

const require = createRequire(import.meta.url);
let loaded: CowTooling | undefined;

/**
 * CoW's own TypeScript beside its Solidity (@cowprotocol/contracts), loaded at
 * its first use: it loads all of ethers 5, about half a second of CPU that a
 * sandbox's start would otherwise pay (issue 35), while only checking what
 * the app sends (orders, cancellations, EthFlow UIDs) and settling need it.
 */
export const cowTooling = (): CowTooling => (loaded ??= require('@cowprotocol/contracts') as CowTooling);
