import { describe, expect, it } from 'vitest';
import { rowTaxTexts, taxesByPlace, type RowTokenTaxes, type TaxedRow } from './row-taxes.ts';

const none: RowTokenTaxes = { buyTaxBps: '0', sellTaxBps: '0', transferTaxBps: '0' };
const taxd: RowTokenTaxes = { buyTaxBps: '300', sellTaxBps: '500', transferTaxBps: '100' };

function row(sell: RowTokenTaxes, buy: RowTokenTaxes, p2: RowTokenTaxes | null = buy): TaxedRow & { chain: string } {
  return {
    chain: 'Ethereum (1)',
    sellToken: { symbol: 'USDC' },
    buyToken: { symbol: 'TAXD' },
    allowanceHolder: { tokenTaxes: { sellToken: sell, buyToken: buy } },
    permit2: { tokenTaxes: p2 && { sellToken: sell, buyToken: p2 } },
  };
}

describe('rowTaxTexts', () => {
  it('names each taxed token once, on its side, and leaves untaxed tokens out', () => {
    expect(rowTaxTexts(row(none, taxd))).toEqual(['TAXD (buy token): buy 300 bps, sell 500 bps, transfer 100 bps']);
    expect(rowTaxTexts(row(none, none))).toEqual([]);
  });

  it('says unknown for a tax the service could not determine, rather than leave the token out as untaxed', () => {
    expect(rowTaxTexts(row(none, { ...none, transferTaxBps: null }, null))).toEqual(['TAXD (buy token): buy 0 bps, sell 0 bps, transfer unknown']);
  });

  it('lists a tax once per place, though a ladder has a row per size', () => {
    expect([...taxesByPlace([row(none, taxd), row(none, taxd)], (item) => item.chain)]).toEqual([['TAXD (buy token): buy 300 bps, sell 500 bps, transfer 100 bps', ['Ethereum (1)']]]);
  });
});
