import { z } from 'zod';
import { addressSchema, bytes32Schema, decimalStringSchema, uidSchema } from './primitives';

/** Token address -> price in native token atoms (1e18 = parity with the native token). */
const pricesSchema = z.record(z.string(), decimalStringSchema);

export const solverSolutionSchema = z.looseObject({
  ranking: z.number().nullish(),
  /** Missing (or the zero address) for old settlements. */
  solverAddress: addressSchema.nullish(),
  score: decimalStringSchema.nullish(),
  referenceScore: decimalStringSchema.nullish(),
  txHash: bytes32Schema.nullish(),
  /** Deprecated upstream: empty for recent auctions. */
  clearingPrices: pricesSchema.nullish(),
  orders: z
    .array(
      z.looseObject({
        id: uidSchema,
        sellAmount: decimalStringSchema.nullish(),
        buyAmount: decimalStringSchema.nullish(),
      }),
    )
    .nullish(),
  isWinner: z.boolean().nullish(),
  filteredOut: z.boolean().nullish(),
});
export type SolverSolution = z.infer<typeof solverSolutionSchema>;

/**
 * GET /api/v2/solver_competition/{auctionId} and .../by_tx_hash/{txHash}.
 * The v1 path of interface.md is gone from the live service. Loose throughout:
 * this is shown to the user, never acted on.
 */
export const solverCompetitionSchema = z.looseObject({
  auctionId: z.number().int(),
  auctionStartBlock: z.number().int(),
  auctionDeadlineBlock: z.number().int().nullish(),
  transactionHashes: z.array(bytes32Schema),
  referenceScores: z.record(z.string(), decimalStringSchema).nullish(),
  auction: z
    .looseObject({
      orders: z.array(uidSchema).nullish(),
      prices: pricesSchema.nullish(),
    })
    .nullish(),
  solutions: z.array(solverSolutionSchema),
});
export type SolverCompetition = z.infer<typeof solverCompetitionSchema>;
