import { escapeJsonControls, stripTerminalControls } from '../domain/support/terminal-safe.ts';
import { comparableFractionDigits, formatFixed, formatGwei, formatInteger, formatTokenAmount } from '../domain/number-format.ts';
import type { CompareRowWire, ModelSideWire } from '../ipc/channels/compare.ts';
import type { Command, CommandIo } from './command.ts';
import { sideText } from './compare-format.ts';
import { UsageError, chainList, choiceFlag, dataDirFlag, integerFlag, noteUnsaved, parseFlags, parseRequest, reportError, requiredFlag, runToEnd } from './compare-run.ts';
import { chainLabel } from '../domain/chains.ts';
import { fillText } from '../domain/route-text.ts';
import { priceAnswerLines } from './answer-lines.ts';
import { tokenSide } from './token-flags.ts';
import { INTERRUPTED_EXIT, interruptedLine } from './interrupt.ts';
import { formatBaseUnits } from '../domain/units.ts';
import { answerFeeMakeupText, answerGas } from '../domain/network-fee.ts';
import { NO_NATIVE_TOKEN_NOTE, feeUnitsText, networkFeeText } from '../domain/network-fee-unit.ts';
import { indentJsonText } from '../domain/json-text.ts';

/**
 * `swap-explorer price`: one indicative price on one chain with one allowance model, through the
 * same runner as `compare` (tokens by symbol, amount in human units). `--format json` prints the
 * service's body as received, zid included: every number as the service wrote it, re-indented.
 */

const USAGE = `Usage: swap-explorer price --chain ID --sell TOKEN --buy TOKEN --amount N [options]

  --chain ID             chain id (1, 8453, 42161...)
  --sell TOKEN           token sold: a registry symbol (USDC), a local-service demo token
                         (TAXD, FOTD) or an address on the chain
  --buy TOKEN            token bought, as --sell (WETH)
  --sell-decimals N --buy-decimals N   decimals of an address that no token list knows
                         (for a listed address, only its list's)
  --amount N             in human units of the sell token
  --model MODEL          allowance-holder (default) or permit2
  --taker ADDRESS        taker address for balance and allowance checks (the issues listed)
  --slippage-bps N       maximum slippage (service default 100)
  --profile NAME         a profile of --data-dir's profiles.json (default "Local service");
                         the app keeps its own in its data folder (About shows it)
  --format FORMAT        table (default) or json (the body as received)
  --data-dir D           where the profiles, history and runs are (default ~/.swap-explorer
                         or SWAP_EXPLORER_DATA_DIR)

Exit codes: 0 an answer (a price, or no liquidity), 1 the service answered an error or could not be
reached, 2 bad input, 130 interrupted (Ctrl-C) before the answer came.
`;

const OPTIONS = {
  chain: { type: 'string' },
  sell: { type: 'string' },
  buy: { type: 'string' },
  'sell-decimals': { type: 'string' },
  'buy-decimals': { type: 'string' },
  amount: { type: 'string' },
  model: { type: 'string' },
  taker: { type: 'string' },
  'slippage-bps': { type: 'string' },
  profile: { type: 'string' },
  format: { type: 'string' },
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parse(argv: string[]) {
  const values = parseFlags(argv, OPTIONS);
  if (values.help) return { help: true as const };
  for (const name of ['chain', 'sell', 'buy', 'amount'] as const) requiredFlag(name, values[name]);
  const chains = chainList('chain', values.chain, true);
  if (chains?.length !== 1) throw new UsageError('--chain takes exactly one chain id');
  const model = choiceFlag('model', values.model, ['allowance-holder', 'permit2'] as const, 'allowance-holder');
  const format = choiceFlag('format', values.format, ['table', 'json'] as const, 'table');
  const sell = tokenSide('sell', values.sell!, values['sell-decimals'], chains);
  const buy = tokenSide('buy', values.buy!, values['buy-decimals'], chains);
  const request = parseRequest(
    {
      sell: sell.symbol,
      buy: buy.symbol,
      overrides: [...sell.overrides, ...buy.overrides],
      amount: values.amount!,
      chains,
      models: [model],
      taker: values.taker,
      slippageBps: integerFlag('slippage-bps', values['slippage-bps']),
    },
    true,
  );
  return { help: false as const, request, model, format, profile: values.profile, dataDir: dataDirFlag(values['data-dir']) };
}

// Through the app's one formatter; `fractionDigits` lines buy-token figures up with each other.
function fee(value: string | null, decimals: number, symbol: string, fractionDigits?: number): string {
  if (value === null) return '-';
  return `${fractionDigits === undefined ? formatTokenAmount(value, decimals) : formatFixed(value, decimals, fractionDigits)} ${symbol}`;
}

/** " at 1.68 gwei" after the gas, as explain says it: the gas price the answer used; empty when it gave none. */
function gasPriceText(body: unknown): string {
  const { gasPrice } = answerGas(body);
  return typeof gasPrice === 'string' && /^[0-9]+$/.test(gasPrice) ? ` at ${formatGwei(gasPrice)}` : '';
}

/** " = gas × gas price …" after the network fee, as `explain` and the app say it; empty when the body lacks a part. */
function feeMakeupText(row: CompareRowWire, body: unknown): string {
  const text = answerFeeMakeupText(body, row.chainId, (wei) => networkFeeText(wei, row.nativeSymbol, row.nativeDecimals));
  return text ? ` = ${text}` : '';
}

/** The network fee line's value: the fee, its makeup, and on a chain with no native token why it reads in wei. */
function networkFeeLine(row: CompareRowWire, side: ModelSideWire, body: unknown): string {
  if (side.totalNetworkFee === null) return '-';
  const unit = row.nativeSymbol === null ? ` (${NO_NATIVE_TOKEN_NOTE})` : '';
  return `${networkFeeText(side.totalNetworkFee, row.nativeSymbol, row.nativeDecimals)}${feeMakeupText(row, body)}${unit}`;
}

/**
 * What the net buy stands on beside the body: the native -> buy-token rate its network fee was
 * converted with, which the answer does not hold (an indicative price of its own, or this trade's
 * price), so that net buy can be checked; or why there is no net buy. None when the buy token is
 * the native token or its wrapped form (one for one), or the side has no price.
 */
function feeRateLines(row: CompareRowWire, side: ModelSideWire): [string, string][] {
  if (side.state !== 'ok') return [];
  const rate = row.networkFeeRate;
  if (!rate) return [['fee rate', row.feeNotPriced ?? 'fee not priced']];
  if (rate.source === 'buy-is-native') return [];
  // Tempo has no native token: the rate is per wei, whole, with why, as the fee line says it.
  const perNative = `${feeUnitsText('1', row.nativeSymbol, row.nativeDecimals)} = ${formatTokenAmount(rate.buyPerNative, row.buyToken.decimals)} ${row.buyToken.symbol}`;
  const taxAndUnit = `${beforeTaxText(row, side)}${row.nativeSymbol === null ? ` (${NO_NATIVE_TOKEN_NOTE})` : ''}`;
  if (rate.source === 'sell-is-native') return [['fee rate', `${perNative}, this trade's own price${taxAndUnit}`]];
  return [['fee rate', `${perNative}, an indicative price of ${feeUnitsText('0.1', row.nativeSymbol, row.nativeDecimals)} for ${row.buyToken.symbol}${rate.zid ? ` (zid ${rate.zid})` : ''}${taxAndUnit}`]];
}

/**
 * " before TAXD's 300 bps buy and 100 bps transfer tax" when the buy token is taxed: the rate is read
 * with that tax added back (build-row.ts, beforeBuyTax), so it is above what the price it names
 * bought, and above this trade's own buy beside it; empty for an untaxed buy token.
 */
function beforeTaxText(row: CompareRowWire, side: ModelSideWire): string {
  const tax = side.tokenTaxes?.buyToken;
  const [buy, transfer] = [Number(tax?.buyTaxBps ?? 0), Number(tax?.transferTaxBps ?? 0)];
  if (buy + transfer === 0) return '';
  const parts = [...(buy > 0 ? [`${buy} bps buy`] : []), ...(transfer > 0 ? [`${transfer} bps transfer`] : [])];
  return ` before ${row.buyToken.symbol}'s ${parts.join(' and ')} tax`;
}

/**
 * The price as aligned "label  value" lines; `answerLines` (the answer's fees, taxes and issues:
 * src/cli/answer-lines.ts) go after the route.
 */
export function priceTable(row: CompareRowWire, side: ModelSideWire, answerLines: readonly [string, string][] = [], body: unknown = null): string {
  const d = row.buyToken.decimals;
  // Enough digits that amounts which differ read differently: a network fee of 0.75 USDC on 2.9M
  // left "buy" and "net buy" the same figure at 7 significant digits.
  const digits = comparableFractionDigits([side.buyAmount, side.minBuyAmount, side.netBuyAmount].filter((value) => value !== null), d);
  const symbols = new Map(side.routeTokens.map((token) => [token.address.toLowerCase(), token.symbol]));
  const name = (address: unknown) => symbols.get(String(address).toLowerCase()) ?? String(address);
  const lines: [string, string][] = [
    ['chain', chainLabel(row.chainId)],
    ['model', side.model],
    // Whole: the amount the figures were priced at (6 significant digits read 1,234,567.89 as 1,234,567).
    ['sell', `${formatBaseUnits(BigInt(row.sellAmount), row.sellToken.decimals)} ${row.sellToken.symbol}`],
    ['buy', side.state === 'ok' ? `${sideText(side, d, digits)} ${row.buyToken.symbol}` : sideText(side, d)],
    ['min buy', fee(side.minBuyAmount, d, row.buyToken.symbol, digits)],
    ['gas', side.gas === null ? '-' : `${formatInteger(side.gas)}${gasPriceText(body)}`],
    ['network fee', networkFeeLine(row, side, body)],
    ['net buy', fee(side.netBuyAmount, d, row.buyToken.symbol, digits)],
    ...feeRateLines(row, side),
    ...side.fills.map((fill, index): [string, string] => [index === 0 ? 'route' : '', fillText(fill, name)]),
    ...answerLines,
    ['zid', side.zid ?? '-'],
  ];
  if (side.errorMessage) lines.push(['error', `${side.errorName}: ${side.errorMessage}`]);
  const width = Math.max(...lines.map(([label]) => label.length));
  return `${lines.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n')}\n`;
}

async function run(argv: string[], io: CommandIo): Promise<number> {
  try {
    const options = parse(argv);
    if (options.help) {
      io.stdout(USAGE);
      return 0;
    }
    const { status, details, isInterrupted } = await runToEnd(options.request, { ...options, single: true }, io);
    const row = status.rows[0];
    const answered = row && (options.model === 'permit2' ? row.permit2 : row.allowanceHolder);
    if (isInterrupted && answered?.state !== 'ok' && answered?.state !== 'no-liquidity') {
      io.stderr(interruptedLine('price'));
      return INTERRUPTED_EXIT;
    }
    if (status.state === 'failed' || !row) {
      io.stderr(`swap-explorer price: ${stripTerminalControls(status.error?.message ?? 'no answer')}\n`);
      return 1;
    }
    noteUnsaved('price', status, io);
    const side = options.model === 'permit2' ? row.permit2 : row.allowanceHolder;
    const detail = details[row.chainId];
    const sideDetail = options.model === 'permit2' ? detail?.permit2 : detail?.allowanceHolder;
    const body = sideDetail?.body;
    if (options.format === 'json') {
      // The detail keeps a body that is not JSON as its text ("" when nothing came back). Then
      // stdout stays empty, so a script piping it into a JSON reader fails on the exit code, not
      // on a parse, and stderr says why.
      if (body === null || typeof body !== 'object') {
        const why = side.errorMessage ? `${side.errorName}: ${side.errorMessage}` : 'the answer was not JSON';
        io.stderr(`swap-explorer price: no JSON body to print (${stripTerminalControls(why)})\n`);
        return 1;
      }
      // As received: where JSON.parse changed a figure (past 2^53, 1.10), the text is laid out, not the value.
      const json = sideDetail?.bodyText === undefined ? JSON.stringify(body, null, 2) : indentJsonText(sideDetail.bodyText);
      // Service text (error messages, source labels, symbols) must not drive the terminal (issue 17).
      io.stdout(`${escapeJsonControls(json)}\n`);
    } else {
      io.stdout(stripTerminalControls(priceTable(row, side, priceAnswerLines(row, body, options.request.taker), body)));
    }
    return side.state === 'error' ? 1 : 0;
  } catch (error) {
    return reportError('price', error, USAGE, io);
  }
}

/** The price subcommand. */
export const priceCommand: Command = { name: 'price', summary: 'one indicative price (one chain, one allowance model)', usage: USAGE, run };
