import { describe, expect, it } from 'vitest';
import { jsonList } from '../../sandbox/http/reply';

/** Orders of a page, as many as the service's largest (1000), in the API's shape as far as the text goes. */
const page = Array.from({ length: 1000 }, (_, index) => ({ uid: `0x${index.toString(16).padStart(112, '0')}`, sellAmount: String(index * 7), appData: '{"appCode":"CoW Desk"}', quote: null }));

describe('sandbox: a long list answered', () => {
  it('is the same text as the whole list stringified, for any length', async () => {
    for (const length of [0, 1, 49, 50, 51, 1000]) {
      const reply = await jsonList(200, page.slice(0, length));
      expect(reply.body, `${length} items`).toBe(JSON.stringify(page.slice(0, length)));
      expect(reply.headers['Content-Type']).toBe('application/json');
    }
  });

  it('lets other work run while it is written, between every slice: a request asked meanwhile is not held until the page is done', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('another request'));
    // Turns of the event loop while the page is made: one between each two slices of 50.
    let turns = 0;
    let done = false;
    const count = () => void (done || (turns += 1, setImmediate(count)));
    setImmediate(count);
    await jsonList(200, page).then(() => order.push('the page'));
    done = true;
    expect(order).toEqual(['another request', 'the page']);
    expect(turns).toBeGreaterThanOrEqual(page.length / 50 - 1);
  });
});
