import type { CompareRowWire, ModelSideWire, SideDetail } from '../../../src/ipc/channels/compare.ts';
import { formatTokenAmount } from '../../../src/domain/number-format.ts';
import { NO_NATIVE_TOKEN_NOTE, feeUnitsText, networkFeeText } from '../../../src/domain/network-fee-unit.ts';
import { isFailedSide, noNetDiffReason } from '../../../src/domain/compare.ts';
import { bpsText, failedText, modelName } from './table-model.ts';
import { explainError, explainServiceError } from '../../../src/domain/error-explainer.ts';

/** Texts of the row detail, as plain functions tested without a DOM. */

const abs = (value: bigint) => (value < 0n ? -value : value);

/** One line saying why the better model won (or why there is no verdict). */
export function whyText(row: CompareRowWire): string {
  const { allowanceHolder: ah, permit2: p2, buyToken } = row;
  const amount = (value: bigint) => `${formatTokenAmount(abs(value), buyToken.decimals)} ${buyToken.symbol}`;
  if (row.better === null) {
    if ([ah.state, p2.state].includes('pending')) return 'No verdict yet: waiting for both sides.';
    if ([ah.state, p2.state].includes('cancelled')) return 'No verdict: the run was cancelled before both sides were priced.';
    const leftByFailure = [ah, p2].find((side) => side.state === 'run-failed');
    if (leftByFailure) return `No verdict: the run failed (${leftByFailure.errorName ?? 'error'}: ${leftByFailure.errorMessage ?? 'no message'}) before both sides were answered; nobody cancelled them.`;
    if ([ah.state, p2.state].includes('not-requested')) return 'No verdict: only one model was requested.';
    const failed = failedText(row);
    if (failed) {
      const alone = [ah, p2].find((side) => side.state === 'ok');
      const says = [ah, p2].filter(isFailedSide).length > 1 ? 'which say nothing of their prices' : 'which says nothing of its price';
      return `No verdict: ${failed}, ${says}${alone ? `; ${modelName(alone.model)} priced alone` : ''}.`;
    }
    return 'No verdict: neither model has a price.';
  }
  if (row.basis === 'only-side') {
    const loser = row.better === 'permit2' ? ah : p2;
    return `${modelName(row.better)} is the only model with a price (the other: ${loser.state === 'error' ? (loser.errorName ?? 'error') : 'no liquidity'}).`;
  }
  const gross = BigInt(p2.buyAmount!) - BigInt(ah.buyAmount!);
  // The bps in brackets are the table's signed columns (Permit2 against Allowance Holder), named so
  // that "Allowance Holder buys more (diff -1.20 bps)" reads as the column does, not as a loss.
  const grossPart = gross === 0n ? 'Both buy the same amount' : `${gross > 0n ? 'Permit2' : 'Allowance Holder'} buys ${amount(gross)} more (diff ${bpsText(row.diffBps)} bps)`;
  if (row.basis === 'gross') return `${grossPart}; the network fee is not priced in ${buyToken.symbol} (${row.feeNotPriced ?? 'no rate'}), so the verdict is on gross amounts.`;
  if (row.basis === 'network-fee') {
    const loser = row.better === 'permit2' ? ah : p2;
    const winner = row.better === 'permit2' ? p2 : ah;
    const native = networkFeeText(BigInt(loser.totalNetworkFee!) - BigInt(winner.totalNetworkFee!), row.nativeSymbol, row.nativeDecimals);
    // Both fees are in one unit even where no token is named for it (Tempo): weighing them needs no price.
    // With both nets known the fees were priced, and came to the same buy-token base units (compare.ts, verdict).
    const inBuy = ah.netBuyAmount !== null && p2.netBuyAmount !== null
      ? `at the run's rate the two fees differ by under one base unit of ${buyToken.symbol}, so the two net buys read the same`
      : `what the fees are worth in ${buyToken.symbol} is not known (${row.feeNotPriced ?? 'no rate'})`;
    return `${grossPart}; ${modelName(loser.model)}'s network fee costs ${native} more, so ${modelName(row.better!)} gives more net of fees at any price of ${row.nativeSymbol ?? 'what the fee is paid in'}; ${inBuy}.`;
  }
  const fee = BigInt(p2.networkFeeInBuyToken!) - BigInt(ah.networkFeeInBuyToken!);
  const feePart = fee === 0n ? sameInBuyText(row) : `${fee > 0n ? 'Permit2' : 'Allowance Holder'}'s network fee costs ${amount(fee)} more`;
  // A net difference in bps needs Allowance Holder's net above zero; without it, say why rather than "(— bps)".
  const netDiff = row.netDiffBps === null || row.netDiffBps === undefined ? (noNetDiffReason(ah.netBuyAmount, p2.netBuyAmount) ?? 'no net difference in bps') : `net diff ${bpsText(row.netDiffBps)} bps`;
  const result = row.better === 'tie' ? 'so net of fees they are equal' : `so ${modelName(row.better)} gives more net of fees (${netDiff})`;
  return `${grossPart}; ${feePart}, ${result}.`;
}

/**
 * The network fees of a row whose two fees came to the same buy-token base units: equal, or (each
 * cut to whole base units) one costing under one base unit more, said in the native token.
 */
function sameInBuyText(row: CompareRowWire): string {
  const [ahFee, p2Fee] = [BigInt(row.allowanceHolder.totalNetworkFee!), BigInt(row.permit2.totalNetworkFee!)];
  if (ahFee === p2Fee) return 'the network fees are equal';
  const costlier = p2Fee > ahFee ? 'Permit2' : 'Allowance Holder';
  const native = networkFeeText(p2Fee > ahFee ? p2Fee - ahFee : ahFee - p2Fee, row.nativeSymbol, row.nativeDecimals);
  return `${costlier}'s network fee costs ${native} more, under one base unit of ${row.buyToken.symbol}`;
}

/** Where the rate the fee was converted with came from. */
export function rateText(row: CompareRowWire): string {
  const rate = row.networkFeeRate;
  if (!rate) return row.feeNotPriced ?? 'fee not priced';
  // Tempo has no native token: the rate is per wei, whole, with why, as its network fee reads.
  const perNative = `${feeUnitsText('1', row.nativeSymbol, row.nativeDecimals)} = ${formatTokenAmount(rate.buyPerNative, row.buyToken.decimals)} ${row.buyToken.symbol}`;
  const unit = row.nativeSymbol === null ? `; ${NO_NATIVE_TOKEN_NOTE}` : '';
  if (rate.source === 'buy-is-native') return `${perNative} (the buy token is the native token or its wrapped form${unit})`;
  if (rate.source === 'sell-is-native') return `${perNative} (from this trade's own price, before integrator fees and the buy token's tax${unit})`;
  return `${perNative} (indicative price of ${feeUnitsText('0.1', row.nativeSymbol, row.nativeDecimals)} → ${row.buyToken.symbol}, requested once for this run, before the buy token's tax${unit})`;
}

/**
 * What to do about a side that failed, as the Explorer and History say it under an error: the row
 * detail gave the name and message only ("RATE_LIMITED: Rate limit of 1 requests per second
 * exceeded", "NETWORK: … ECONNREFUSED"), and a run of failures left the analyst with no next step.
 * A side's name is the service's when its answer named one (read as the service's: its NOT_FOUND is
 * a path), else the app's code. Null for an answered side or a name neither knows.
 */
export function failureFix(side: ModelSideWire, detail: Pick<SideDetail, 'status'> | null = null): string | null {
  if (side.state !== 'error' || !side.errorName) return null;
  const asService = explainServiceError(side.errorName);
  // REMOTE_ERROR (no error name came back) is read with the answer's status once the entry is fetched.
  const explanation = asService.source === 'service' ? asService : explainError(side.errorName, { status: detail?.status ?? null });
  return explanation.source === 'unknown' ? null : explanation.fix;
}

// The app's codes for an exchange that ended in its transport (src/core/http/map-error.ts): the
// connection, the handshake or the wait failed. No status is known for such a side in a run saved
// before statuses were kept; a head may still have come before the body broke off, so the saved
// body tells whether anything came back.
const TRANSPORT_ERRORS = new Set(['NETWORK', 'TLS', 'TIMEOUT']);

// The runner saves a body that is not JSON as its text: an empty answer is saved as ''.
const isEmptyBody = (body: unknown) => body === null || body === undefined || body === '';

/**
 * Why a side has no body to show, for a side the run never had an answer for: a model it did not
 * ask for, a side left by a cancel or a failed run (sent or not, nothing came back), one still
 * waiting in a running run, or one that failed before any answer arrived. A side failed before any
 * answer when it has no entry, when its entry's status is null (NETWORK, TLS, TIMEOUT: the history
 * entry has no status, its body is empty), or, in a run saved before statuses were kept (status
 * absent), when its error is one of those transport codes and its saved body is empty: such a run
 * offered "Raw JSON body" on an empty body. A side refused with a body (HTTP 400 INPUT_INVALID)
 * keeps it, saved before or not. An answer whose body was empty (a gateway's bare 503) has nothing
 * to show either, and says so with its status. Null for a side with a body to show, or whose entry
 * is not fetched yet (`detail` null or an earlier entry's).
 */
export function noBodyText(side: Pick<ModelSideWire, 'state' | 'errorName' | 'entryId'>, detail: Pick<SideDetail, 'entryId' | 'status' | 'body'> | null = null): string | null {
  if (side.state === 'not-requested') return 'No JSON body: this run did not ask for this model, so nothing was sent.';
  if (side.state === 'cancelled') return 'No JSON body: the run was cancelled before this side was answered.';
  if (side.state === 'run-failed') return `No JSON body: the run failed (${side.errorName ?? 'error'}) before this side was answered.`;
  if (side.state === 'pending') return 'No JSON body: not answered yet.';
  const own = detail !== null && detail.entryId === side.entryId ? detail : null;
  const isSavedBeforeStatus = own !== null && own.status === undefined;
  const isTransportFailure = side.state === 'error' && TRANSPORT_ERRORS.has(side.errorName ?? '');
  const isUnanswered = side.entryId === null || own?.status === null || (isSavedBeforeStatus && isTransportFailure && isEmptyBody(own.body));
  if (side.state === 'error' && isUnanswered) return `No JSON body: no answer was received (${side.errorName ?? 'error'}), so there is no response to show.`;
  if (own !== null && isEmptyBody(own.body)) return `No body: the answer${typeof own.status === 'number' ? ` (HTTP ${own.status})` : ''} was empty, so there is nothing to show.`;
  return null;
}

/** How the row detail shows a side's saved body: under what name, and as JSON or as the text received. */
export interface RawBody {
  /** The disclosure's name: "Raw JSON body" only for a body that is JSON. */
  summary: string;
  /** The body's region name, after the model's ("Permit2 raw JSON body"). */
  region: string;
  /** The parsed body to format, or null to show `text` as received. */
  json: unknown;
  text: string;
}

/**
 * A side's saved body as the detail names it. The runner saves a JSON body parsed and any other as
 * its text (src/core/compare/runner.ts), so a string is a body that did not parse: a gateway's HTML
 * 502 page, read as "Raw body (not JSON, HTTP 502)" as History's body reads "not JSON", and shown as
 * received rather than as one quoted JSON string. A string that parses is JSON kept as text (JSON's
 * null, a body too deep to keep parsed); a bare JSON string answer would read as not JSON, and the
 * service answers objects only (spec, "Endpoints").
 */
export function rawBody(detail: Pick<SideDetail, 'body' | 'status'>): RawBody {
  const { body, status } = detail;
  if (typeof body !== 'string') return { summary: 'Raw JSON body', region: 'raw JSON body', json: body, text: '' };
  if (isJsonText(body)) return { summary: 'Raw JSON body', region: 'raw JSON body', json: null, text: body };
  const how = typeof status === 'number' ? `not JSON, HTTP ${status}` : 'not JSON';
  return { summary: `Raw body (${how})`, region: 'raw body', json: null, text: body };
}

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
