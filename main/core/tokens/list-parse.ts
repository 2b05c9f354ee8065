import { parseTokenListInSteps, type ParsedTokenList } from '../../common/tokens/token-list';

/** Entries checked between two turns of the event loop: a few milliseconds of zod on an idle machine. */
const ENTRIES_PER_SLICE = 100;

/** A downloaded list checked a slice at a time, so a list of thousands never holds main for long. */
export async function parseInSlices(value: unknown): Promise<ParsedTokenList> {
  const steps = parseTokenListInSteps(value, ENTRIES_PER_SLICE);
  let step = steps.next();
  while (!step.done) {
    await new Promise((resolve) => setImmediate(resolve));
    step = steps.next();
  }
  return step.value;
}
