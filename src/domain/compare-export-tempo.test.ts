import { describe, expect, it } from 'vitest';
import { Permit2PriceResponseSchema, type LiquidPrice } from '../spec/index.ts';
import { permit2PriceBody } from '../spec/test-fixtures.ts';
import { compareChain } from './compare.ts';
import { comparisonToCsv, comparisonToJson, type ExportRow } from './compare-export.ts';

/**
 * Compare's exports on a chain with no native token (Tempo, service-facts.json nativeSymbol null):
 * the fee stays in wei, and no "native" figure is made up from it by 18 decimals nobody gave.
 */

// A spec-shaped answer's figures as a Tempo row would carry them: the local service trades no token there.
const answer = (zid: string) => Permit2PriceResponseSchema.parse({ ...permit2PriceBody(), zid }) as LiquidPrice;
const [ah, p2] = [answer('0xaaaaaaaaaaaaaaaaaaaaaaaa'), answer('0xbbbbbbbbbbbbbbbbbbbbbbbb')];
const tempo: ExportRow = {
  row: compareChain({ chainId: 4217, allowanceHolder: { status: 'ok', body: ah }, permit2: { status: 'ok', body: p2 } }),
  chainName: 'Tempo',
  buyDecimals: 18,
  nativeDecimals: 18,
  nativeSymbol: null,
  buyPerNative: null,
  feeNotPriced: 'fee not priced: the chain has no native asset to price',
};
const ethereum: ExportRow = { ...tempo, row: { ...tempo.row, chainId: 1 }, chainName: 'Ethereum', nativeSymbol: 'ETH' };

// Header and lines, split on the CRLFs and the commas outside quotes (no field here holds a quote or a line break).
function cellsOf(csv: string): ((name: string) => string)[] {
  const unquoted = (field: string) => field.replace(/^"(.*)"$/, '$1');
  const [header, ...lines] = csv.trimEnd().split('\r\n').map((line) => line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).map(unquoted));
  return lines.map((line) => (name: string) => line[header!.indexOf(name)]!);
}

describe('a Compare export on a chain with no native token', () => {
  it('leaves the CSV\'s native fee cells empty and says why, keeping the fee in wei', () => {
    const [onTempo, onEthereum] = cellsOf(comparisonToCsv([tempo, ethereum]));
    for (const model of ['allowance_holder', 'permit2']) {
      expect(onTempo!(`${model}_total_network_fee_native`)).toBe('');
      expect(onTempo!(`${model}_total_network_fee_base_units`)).toBe(ah.totalNetworkFee);
      // A chain with a native token keeps its figure, and says nothing.
      expect(onEthereum!(`${model}_total_network_fee_native`)).not.toBe('');
    }
    expect(onTempo!('total_network_fee_native_not_given')).toBe('no native token on this chain: the service gives the fee in wei (the *_total_network_fee_base_units columns) and names no token it is paid in, so there is no native amount to give');
    expect(onEthereum!('total_network_fee_native_not_given')).toBe('');
  });

  it('gives the JSON no decimals to read the wei as a native amount, and says why', () => {
    const [onTempo, onEthereum] = (JSON.parse(comparisonToJson([tempo, ethereum])) as { rows: Record<string, unknown>[] }).rows;
    expect(onTempo).toMatchObject({ nativeSymbol: null, nativeDecimals: null, allowanceHolder: { totalNetworkFee: ah.totalNetworkFee } });
    expect(onTempo!.nativeFeeNotGiven).toBe('no native token on this chain: the service gives the fee in wei (totalNetworkFee) and names no token it is paid in, so there is no native amount to give');
    expect(onEthereum).toMatchObject({ nativeSymbol: 'ETH', nativeDecimals: 18, nativeFeeNotGiven: null });
  });
});
