import { ENDPOINTS, ignoresQuery, toFieldErrors, type EndpointId } from '../../spec/index.ts';
import { fixed, has, unfixed, type LintContext } from './lint-context.ts';

/**
 * The rules that depend on the endpoint: exactly one of sellAmount and buyAmount, what Permit2
 * refuses, and last the spec schema's own reasons for whatever is still wrong.
 */

const isSwap = (endpoint: EndpointId | null) => endpoint !== null && /^(allowance-holder|permit2)\./.test(endpoint);

/**
 * The fix for a slippagePpm that is no whole number of Bps (30 ppm = 0.3 Bps). The corrected request
 * cannot carry it, and leaving slippage out lets the service's default of 100 Bps apply: a tolerance
 * hundreds of times looser than asked, which the fix must say rather than leave to be found (it had
 * read only "use slippageBps (100 = 1 %)"). Which whole Bps to send is the customer's to choose.
 */
function unwholeBpsFix(ppm: string): string {
  if (!/^\d+$/.test(ppm)) return 'use slippageBps (100 = 1 %)';
  const below = Math.floor(Number(ppm) / 100);
  return `use slippageBps: ${ppm} ppm is ${Number(ppm) / 100} Bps, which whole Bps cannot say; the corrected request leaves slippage out, so the service's default of 100 Bps applies: add slippageBps=${below} or ${below + 1} to keep it close`;
}

function lintPermit2(ctx: LintContext): void {
  const kind = ctx.endpoint!.split('.')[1];
  if (has(ctx, 'buyAmount')) {
    if (!has(ctx, 'sellAmount')) {
      ctx.endpoint = `allowance-holder.${kind}` as EndpointId;
      fixed(ctx, { code: 'PARAM_NOT_ACCEPTED', severity: 'error', field: 'buyAmount', message: 'Permit2 does not accept buyAmount: an exact buy amount exists only on Allowance Holder.', fix: `use /swap/allowance-holder/${kind} for an exact buy amount, or give sellAmount instead` });
    } else {
      delete ctx.params.buyAmount;
      fixed(ctx, { code: 'PARAM_NOT_ACCEPTED', severity: 'error', field: 'buyAmount', message: 'Permit2 does not accept buyAmount.', fix: 'remove buyAmount (sellAmount is kept)' });
    }
  }
  if (ctx.params.slippagePpm !== undefined && ctx.endpoint!.startsWith('permit2')) {
    const ppm = ctx.params.slippagePpm;
    delete ctx.params.slippagePpm;
    const bps = /^\d+$/.test(ppm) && Number(ppm) % 100 === 0 ? String(Number(ppm) / 100) : null;
    // With slippageBps also given, that one is kept: the fix must say what the corrected request sends.
    const kept = has(ctx, 'slippageBps') ? ctx.params.slippageBps : undefined;
    if (bps !== null && kept === undefined) ctx.params.slippageBps = bps;
    const fix = kept !== undefined ? `remove slippagePpm (slippageBps=${kept} is kept)` : bps === null ? unwholeBpsFix(ppm) : `use slippageBps=${bps} (${ppm} ppm)`;
    fixed(ctx, { code: 'PARAM_NOT_ACCEPTED', severity: 'error', field: 'slippagePpm', message: 'Permit2 does not accept slippagePpm.', fix });
  }
  if (ctx.params.wrapUnwrapMode !== undefined && ctx.endpoint!.startsWith('permit2')) {
    delete ctx.params.wrapUnwrapMode;
    fixed(ctx, { code: 'PARAM_NOT_ACCEPTED', severity: 'warning', field: 'wrapUnwrapMode', message: 'Permit2 does not accept wrapUnwrapMode.', fix: 'remove wrapUnwrapMode, or use Allowance Holder for a settler-routed wrap' });
  }
}

/** Exactly one of sellAmount and buyAmount; the parameters Permit2 refuses. */
export function lintAmounts(ctx: LintContext): void {
  if (!isSwap(ctx.endpoint)) return;
  if (ctx.endpoint!.startsWith('permit2')) lintPermit2(ctx);
  const sell = has(ctx, 'sellAmount');
  const buy = has(ctx, 'buyAmount');
  if (sell && buy) {
    delete ctx.params.buyAmount;
    fixed(ctx, { code: 'AMOUNT_BOTH_OR_NEITHER', severity: 'error', field: 'buyAmount', message: 'Both sellAmount and buyAmount are given; exactly one of them must be.', fix: 'keep sellAmount (sell an exact amount) or buyAmount (buy an exact amount, Allowance Holder only), not both; the corrected request keeps sellAmount' });
  } else if (!sell && !buy) {
    unfixed(ctx, { code: 'AMOUNT_BOTH_OR_NEITHER', severity: 'error', field: 'sellAmount', message: 'Neither sellAmount nor buyAmount is given; exactly one of them must be.', fix: 'add sellAmount in the sell token\'s base units (e.g. 1000000 for 1 USDC)' });
  }
}

/**
 * A chain list (and the Solana sources list) answers 200 whatever query it is sent (ignoresQuery: the spec gives it no 400), so
 * a parameter there is a note, not an error; the corrected request drops it. Run after the key and
 * version rules, which still speak of a key put in the query.
 */
export function lintIgnoredQuery(ctx: LintContext): void {
  if (ctx.endpoint === null || !ignoresQuery(ctx.endpoint)) return;
  const path = ENDPOINTS[ctx.endpoint].path;
  for (const name of Object.keys(ctx.params)) {
    delete ctx.params[name];
    fixed(ctx, { code: 'QUERY_IGNORED', severity: 'info', field: name, message: `${name} is not a parameter of ${path}; the service ignores it and answers with the whole list.`, fix: `remove ${name}` });
  }
}

// A schema's reason is written to follow its field's name ("must be …", "item 2 must equal …"); the
// fix says it again after a pronoun, which for a list's item is a possessive ("its item 2 must …").
function correctionOf(field: string, reason: string): string {
  return `correct ${field}: ${/^item\b/.test(reason) ? 'its' : 'it'} ${reason}`;
}

/** The spec schema's reasons for what is still wrong in the corrected params (fields not already reported). */
export function lintSchema(ctx: LintContext): void {
  if (ctx.endpoint === null) return;
  const parsed = ENDPOINTS[ctx.endpoint].query.safeParse(ctx.params);
  if (parsed.success) return;
  const reported = new Set(ctx.remaining.map((finding) => finding.field));
  for (const { field, reason } of toFieldErrors(parsed.error, ctx.params)) {
    if (reported.has(field)) continue;
    reported.add(field);
    unfixed(ctx, { code: 'INPUT_INVALID', severity: 'error', field, message: `${field} ${reason}.`, fix: correctionOf(field, reason) });
  }
}
