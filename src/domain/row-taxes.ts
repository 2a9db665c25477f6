/**
 * A comparison row's token taxes in words, from the taxes its answers reported (bps as strings,
 * null where the service could not determine one: spec, "Token tax object"). The Sizes screen, the
 * size ladder's CLI table and its exports say them from here: a size ladder of a taxed token shows
 * buy amounts, nets and per-unit figures after the token contract's cut, which read as a poor price
 * unless the tax is named beside them.
 */

/** A token's three taxes as a row keeps them. */
export interface RowTokenTaxes {
  buyTaxBps: string | null;
  sellTaxBps: string | null;
  transferTaxBps: string | null;
}

/** What of a row the tax text reads: its two tokens' symbols and each side's reported taxes. */
export interface TaxedRow {
  sellToken: { symbol: string };
  buyToken: { symbol: string };
  allowanceHolder: { tokenTaxes?: { sellToken: RowTokenTaxes; buyToken: RowTokenTaxes } | null | undefined };
  permit2: { tokenTaxes?: { sellToken: RowTokenTaxes; buyToken: RowTokenTaxes } | null | undefined };
}

const bps = (value: string | null) => (value === null ? 'unknown' : `${value} bps`);
const isZero = (value: string | null) => value !== null && Number(value) === 0;

/**
 * One text per taxed token of the row, as `price` and `compare` write a tax ("TAXD (buy token): buy
 * 300 bps, sell 500 bps, transfer 100 bps"): a token whose taxes are all zero is left out, one with a
 * tax the service could not determine is in ("unknown"). Each text once, though both sides say it.
 */
export function rowTaxTexts(row: TaxedRow): string[] {
  const texts = new Set<string>();
  for (const side of [row.allowanceHolder, row.permit2]) {
    const taxes = side.tokenTaxes;
    if (!taxes) continue;
    for (const [role, token] of [['sell', row.sellToken], ['buy', row.buyToken]] as const) {
      const tax = role === 'sell' ? taxes.sellToken : taxes.buyToken;
      if ([tax.buyTaxBps, tax.sellTaxBps, tax.transferTaxBps].every(isZero)) continue;
      texts.add(`${token.symbol} (${role} token): buy ${bps(tax.buyTaxBps)}, sell ${bps(tax.sellTaxBps)}, transfer ${bps(tax.transferTaxBps)}`);
    }
  }
  return [...texts];
}

/**
 * Each taxed token's text (rowTaxTexts) with the places that reported it, each place once, in the
 * rows' order: a ladder has a row per size, and a tax is the token's, whatever the size.
 * @param where how a row's place is named (its chain)
 */
export function taxesByPlace<Row extends TaxedRow>(rows: readonly Row[], where: (row: Row) => string): Map<string, string[]> {
  const places = new Map<string, string[]>();
  for (const row of rows) {
    for (const text of rowTaxTexts(row)) {
      const list = places.get(text) ?? [];
      if (!list.includes(where(row))) list.push(where(row));
      places.set(text, list);
    }
  }
  return places;
}
