import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_NOW, wethToUsdc } from './test-fixtures.ts';
import { startTestService, type TestService } from './test-support.ts';

/**
 * What a client written for the real service sees (real-service-shapes.md), over real HTTPS: each
 * case here once differed from the real service's answer.
 */

const SWAP_PATHS = ['/swap/allowance-holder/price', '/swap/allowance-holder/quote', '/swap/permit2/price', '/swap/permit2/quote'];
/** Mixed case with a wrong EIP-55 checksum: accepted, since checksums are not enforced. */
const BAD_CHECKSUM = '0xAbCdEf0000000000000000000000000000000001';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ now: () => FIXED_NOW, seed: 5 });
});
afterAll(() => svc.stop());

describe('addresses in any letter case', () => {
  it('prices and quotes a taker whose mixed-case checksum is wrong on all four endpoints (was a 500)', async () => {
    for (const path of SWAP_PATHS) {
      const answer = await svc.get(path, wethToUsdc({ taker: BAD_CHECKSUM }));
      expect(answer.status, path).toBe(200);
      expect(answer.body.liquidityAvailable, path).toBe(true);
    }
  });

  it('accepts wrong-checksum tokens, recipient, txOrigin and fee recipient', async () => {
    const query = wethToUsdc({
      sellToken: '0xc02AAA39B223FE8D0A0E5C4F27EAD9083C756CC2',
      buyToken: '0xA0B86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      taker: BAD_CHECKSUM,
      recipient: '0xAbCdEf0000000000000000000000000000000002',
      txOrigin: '0xAbCdEf0000000000000000000000000000000003',
      swapFeeRecipient: '0xAbCdEf0000000000000000000000000000000004',
      swapFeeBps: '10',
    });
    for (const path of SWAP_PATHS) expect((await svc.get(path, query)).status, path).toBe(200);
  });
});
