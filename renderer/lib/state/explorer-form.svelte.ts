import '../zod-csp.ts';
import { isAddress, shortAddress } from '../../../src/domain/address-text.ts';
import { chainName } from '../../../src/domain/chains.ts';
import { findDemoToken } from '../../../src/domain/demo-tokens.ts';
import { findListedToken, findListedTokenBySymbol, type ListedToken } from '../../../src/domain/listed-token.ts';
import { AmountError, formatBaseUnits, parseHumanAmount } from '../../../src/domain/units.ts';
import { getOwn, setOwn } from '../../../src/domain/own-record.ts';
import { ENDPOINTS, toFieldErrors, type EndpointId } from '../../../src/spec/index.ts';

/**
 * The explorer's form: endpoint, chain, tokens by symbol or address, the amount in human units and
 * every optional parameter, turned into the query the service receives and checked with the
 * endpoint's own zod schema so the inline reasons are the service's reasons.
 */

/** Endpoints that take swap parameters. */
export const SWAP_ENDPOINTS: readonly EndpointId[] = ['allowance-holder.price', 'allowance-holder.quote', 'permit2.price', 'permit2.quote'];

/** One optional parameter of the advanced section. */
export interface AdvancedParam {
  name: string;
  hint: string;
  /** Only on the Allowance Holder endpoints. */
  allowanceHolderOnly?: boolean;
  choices?: readonly string[];
}

/** Every optional swap parameter but taker and the amounts, in the spec's order. */
export const ADVANCED_PARAMS: readonly AdvancedParam[] = [
  { name: 'slippageBps', hint: 'integer, default 100' },
  { name: 'slippagePpm', hint: 'integer; not with slippageBps', allowanceHolderOnly: true },
  { name: 'txOrigin', hint: 'address' },
  { name: 'recipient', hint: 'address; defaults to taker' },
  { name: 'swapFeeRecipient', hint: 'address(es), comma-separated' },
  { name: 'swapFeeBps', hint: 'bps, comma-separated' },
  { name: 'swapFeeToken', hint: 'buyToken or sellToken address(es)' },
  { name: 'tradeSurplusRecipient', hint: 'address' },
  { name: 'tradeSurplusMaxBps', hint: 'integer, default 10000' },
  { name: 'gasPrice', hint: 'wei' },
  { name: 'excludedSources', hint: 'source labels, comma-separated' },
  { name: 'sellEntireBalance', hint: 'default false', choices: ['true', 'false'] },
  { name: 'wrapUnwrapMode', hint: 'default direct', allowanceHolderOnly: true, choices: ['direct', 'settler'] },
];


/**
 * A token field resolved: a registry or demo token of the local service, an unknown address (base
 * units), or a problem.
 */
export type ResolvedToken = { token: ListedToken } | { address: string; decimals: null } | { error: string };

/**
 * Resolves a pasted address, or a symbol (any case) of the chain's registry or of the local
 * service's demo tokens, as the Compare picker and the CLI do (src/domain/listed-token.ts).
 */
export function resolveToken(chainId: number, text: string): ResolvedToken {
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'is required' };
  if (isAddress(trimmed)) {
    const token = findListedToken(chainId, trimmed);
    return token ? { token } : { address: trimmed, decimals: null };
  }
  // Text starting 0x was meant as an address: "paste an address" would tell the user to do what they did.
  if (/^0x/i.test(trimmed)) return { error: malformedAddress(trimmed) };
  const token = findListedTokenBySymbol(chainId, trimmed);
  // The typed text quoted, as the amount's reason quotes it: "FOTD" is not a token symbol on Base.
  return token ? { token } : { error: `"${trimmed}" is not a token symbol on ${chainName(chainId)}; paste an address instead` };
}

/**
 * What the field under a token says when it names one of the local service's demo taxed tokens
 * (TAXD, FOTD): that only the local service trades it, and, on another profile, that the service
 * chosen does not list it. The Compare picker labels them the same way; null for any other token.
 */
export function demoTokenNote(resolved: ResolvedToken, isLocalProfile: boolean): string | null {
  if (!('token' in resolved) || !findDemoToken(resolved.token.chainId, resolved.token.address)) return null;
  const what = `${resolved.token.symbol} is a demo taxed token of the local service (${shortAddress(resolved.token.address)})`;
  return isLocalProfile ? what : `${what}: the profile chosen is another service, which does not list it`;
}

// Why 0x… is not an address: how many hex digits it has (40 needed) and what else is in it.
function malformedAddress(text: string): string {
  const rest = text.slice(2);
  const hex = rest.replace(/[^0-9a-fA-F]/g, '').length;
  const other = rest.length - hex;
  const digits = `${hex} hex digit${hex === 1 ? '' : 's'}`;
  if (other > 0) return `is a malformed address: after 0x it has ${digits} and ${other} other character${other === 1 ? '' : 's'}; an address is 0x and 40 hex digits`;
  if (!text.startsWith('0x')) return `is a malformed address: it starts with ${text.slice(0, 2)}; an address is 0x (lower-case x) and 40 hex digits`;
  return `is a malformed address: it has ${digits} after 0x, 40 needed`;
}

/** The address of a resolved token, if any. */
export function addressOf(resolved: ResolvedToken): string | undefined {
  if ('token' in resolved) return resolved.token.address;
  if ('address' in resolved) return resolved.address;
  return undefined;
}

/** The amount in base units: human units with the token's decimals, or base units for an unknown token. */
export function toBaseUnits(text: string, decimals: number | null): { value: string } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'is required' };
  if (decimals === null) return /^[0-9]+$/.test(trimmed) ? { value: trimmed.replace(/^0+(?=\d)/, '') } : { error: 'must be whole base units (the token is not in the registry)' };
  try {
    return { value: parseHumanAmount(trimmed, decimals).toString() };
  } catch (error) {
    if (error instanceof AmountError) return { error: error.message };
    throw error;
  }
}

// What is sent for a token field: an address as written, a known symbol as its address, and anything
// else as typed, so "Send even if invalid" sends exactly the form (FOO is sent as FOO).
function sentToken(text: string, resolved: ResolvedToken): string | undefined {
  const trimmed = text.trim();
  if (isAddress(trimmed)) return trimmed;
  return addressOf(resolved) ?? (trimmed === '' ? undefined : trimmed);
}

function decimalsOf(resolved: ResolvedToken): number | null {
  return 'token' in resolved ? resolved.token.decimals : null;
}

/**
 * What the form says of advanced values typed on Allowance Holder that Permit2 does not take, or null
 * when there are none: they are not sent, and slippagePpm is given in the slippageBps Permit2 reads.
 */
export function heldBackText(held: readonly { name: string; value: string }[]): string | null {
  if (held.length === 0) return null;
  const items = held.map(({ name, value }) => {
    const asBps = name === 'slippagePpm' && /^[0-9]+$/.test(value) ? ` (slippageBps=${Number(value) / 100} says the same)` : '';
    return `${name}=${value}${asBps}`;
  });
  const list = items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
  const slippage = held.some(({ name }) => name === 'slippagePpm') ? ' Without slippageBps, Permit2 takes its default of 100 bps.' : '';
  return `Not sent: Permit2 does not accept ${list}, typed on Allowance Holder and sent again there.${slippage}`;
}

/** A parameter of a filled request that the form sends differently, and why. */
export interface FillDifference {
  name: string;
  /** The value in the request that was filled in; null when the form adds a parameter it lacked. */
  requested: string | null;
  /** What the form sends instead; null when it leaves the parameter out. */
  sent: string | null;
  reason: string;
}

/** The form's state and what it derives. */
export class ExplorerForm {
  #endpoint = $state<EndpointId>('allowance-holder.price');
  /**
   * The endpoint. Choosing one whose form has a field for a kept parameter (a Permit2 request's
   * slippagePpm, once on Allowance Holder) puts it in that field when the field is empty: listed
   * apart as one the form "has no field for", it was sent while the field beside it read empty, and
   * a value then typed in the field was sent instead while the list still showed the kept one.
   */
  get endpoint(): EndpointId {
    return this.#endpoint;
  }
  set endpoint(id: EndpointId) {
    this.#endpoint = id;
    this.adoptExtras();
  }
  chainId = $state(1);
  sellToken = $state('WETH');
  buyToken = $state('USDC');
  /** Which amount the user gives; buy only on Allowance Holder. */
  amountSide = $state<'sell' | 'buy'>('sell');
  amount = $state('1');
  taker = $state('');
  advanced = $state<Record<string, string>>({});
  /** Send even when inline validation fails, to see the service's own answer. */
  sendInvalid = $state(false);
  /**
   * Parameters of a filled request that this endpoint's form has no field for (unknown names, an
   * Allowance Holder-only one on Permit2): sent as they are, listed so they can be removed.
   */
  extra = $state<Record<string, string>>({});
  /** Where the last fill could not give back the request exactly; empty when it did. */
  fillDifferences = $state.raw<FillDifference[]>([]);

  readonly isSwap = $derived(SWAP_ENDPOINTS.includes(this.endpoint));
  readonly isAllowanceHolder = $derived(this.endpoint.startsWith('allowance-holder'));
  readonly needsChain = $derived(this.isSwap || this.endpoint === 'sources');
  readonly sell = $derived(resolveToken(this.chainId, this.sellToken));
  readonly buy = $derived(resolveToken(this.chainId, this.buyToken));
  /** Whether the amount is a buy amount (Allowance Holder only), and so in the buy token's units. */
  readonly isBuyAmount = $derived(this.amountSide === 'buy' && this.isAllowanceHolder);
  readonly amountToken = $derived(this.isBuyAmount ? this.buy : this.sell);
  /**
   * An amount typed as a buy amount on Allowance Holder that Permit2, which takes only a sell
   * amount, now reads and sends as one: the same figure in the other token, which the form says.
   */
  readonly isBuyAmountReadAsSell = $derived(this.amountSide === 'buy' && this.isSwap && !this.isAllowanceHolder && this.amount.trim() !== '');
  /**
   * The amount in base units. While the token it is in cannot be read (a symbol mistyped), the
   * amount waits for it: read as base units meanwhile, "1.5" was refused as "must be whole base
   * units", and the 1500000 a user typed to follow that advice became 1,500,000 tokens once the
   * symbol was mended.
   */
  readonly baseAmount = $derived.by((): { value: string } | { error: string } => {
    if ('error' in this.amountToken && this.amount.trim() !== '') return { error: `is read in the units of the token ${this.isBuyAmount ? 'bought' : 'sold'}, once that token is known` };
    return toBaseUnits(this.amount, decimalsOf(this.amountToken));
  });
  readonly advancedParams = $derived(ADVANCED_PARAMS.filter((param) => this.isAllowanceHolder || !param.allowanceHolderOnly));
  /**
   * Advanced values typed on Allowance Holder for a parameter Permit2 does not take (slippagePpm,
   * wrapUnwrapMode): kept for a return to Allowance Holder, not sent, and said (heldBackText), since
   * Permit2 then prices at its own default slippage rather than the one the user typed.
   */
  readonly heldBackParams = $derived(
    this.isSwap ? ADVANCED_PARAMS.filter((param) => !this.advancedParams.includes(param) && (this.advanced[param.name]?.trim() ?? '') !== '').map((param) => ({ name: param.name, value: this.advanced[param.name]!.trim() })) : [],
  );

  /** The query as it will be sent: empty fields left out. */
  readonly params = $derived.by((): Record<string, string> => {
    const extra = Object.entries(this.extra);
    if (!this.needsChain) return Object.fromEntries(extra);
    if (!this.isSwap) return { ...Object.fromEntries(extra), chainId: String(this.chainId) };
    const out: Record<string, string> = { chainId: String(this.chainId) };
    // An address typed or pasted is sent as written (what you see is what was sent); a symbol is
    // sent as its registry address.
    const sell = sentToken(this.sellToken, this.sell);
    const buy = sentToken(this.buyToken, this.buy);
    if (sell) out.sellToken = sell;
    if (buy) out.buyToken = buy;
    // An amount that cannot be converted is sent as typed (the inline error says why).
    const amount = 'value' in this.baseAmount ? this.baseAmount.value : this.amount.trim();
    if (amount) out[this.amountSide === 'buy' && this.isAllowanceHolder ? 'buyAmount' : 'sellAmount'] = amount;
    if (this.taker.trim()) out.taker = this.taker.trim();
    for (const param of this.advancedParams) {
      const value = this.advanced[param.name]?.trim();
      if (value) out[param.name] = value;
    }
    for (const [name, value] of extra) if (!Object.hasOwn(out, name)) setOwn(out, name, value);
    return out;
  });

  /** Kept parameters that are not sent because a field of the form, filled, sends that parameter instead. */
  readonly unsentExtras = $derived(Object.keys(this.extra).filter((name) => getOwn(this.params, name) !== getOwn(this.extra, name)));

  /** Inline problems by field: the form's own (tokens, amount) and the endpoint schema's. */
  readonly errors = $derived.by((): Record<string, string[]> => {
    const out: Record<string, string[]> = {};
    const add = (field: string, reason: string) => {
      if (!Object.hasOwn(out, field)) setOwn(out, field, []);
      out[field]!.push(reason);
    };
    if (this.isSwap) {
      if ('error' in this.sell) add('sellToken', this.sell.error);
      if ('error' in this.buy) add('buyToken', this.buy.error);
      if ('error' in this.baseAmount) add('amount', this.baseAmount.error);
    }
    const parsed = ENDPOINTS[this.endpoint].query.safeParse(this.params);
    if (!parsed.success) {
      for (const { field, reason } of toFieldErrors(parsed.error, this.params)) {
        const key = field === 'sellAmount' || field === 'buyAmount' ? 'amount' : field;
        // A token or amount the form could not read is already reported in the form's words.
        if (out[key] && (key === 'sellToken' || key === 'buyToken' || key === 'amount')) continue;
        add(key, field === key ? reason : `${field} ${reason}`);
      }
    }
    return out;
  });

  readonly isValid = $derived(Object.keys(this.errors).length === 0);

  /** Fields of the Advanced section with a problem, so the closed section can say so. */
  readonly advancedErrorFields = $derived(this.advancedParams.map((param) => param.name).filter((name) => this.errors[name] !== undefined));

  /**
   * Fills the form from a request that was sent (a History entry, a result, a saved request), so
   * that `params` gives back the same query: addresses stay addresses, amounts are shown in the
   * token's units (base units for a token the registry does not know), parameters the form has no
   * field for are kept in `extra`, and whatever still differs is listed in `fillDifferences`. A
   * request of an endpoint without those fields (a chain list: no chain, tokens or amount) leaves
   * them as the user had them, for the next swap request: it has nothing to put there.
   */
  fill(endpoint: EndpointId, params: Readonly<Record<string, string>>): void {
    this.endpoint = endpoint;
    if (this.needsChain && params.chainId !== undefined && /^[0-9]+$/.test(params.chainId)) this.chainId = Number(params.chainId);
    if (this.isSwap) this.fillSwapFields(params);
    this.extra = Object.fromEntries(Object.entries(params).filter(([name]) => !this.fieldNames().includes(name)));
    this.fillDifferences = fillDifferences(params, this.params);
  }

  // The swap fields of fill, each from the request (empty when it has none).
  private fillSwapFields(params: Readonly<Record<string, string>>): void {
    this.sellToken = params.sellToken ?? '';
    this.buyToken = params.buyToken ?? '';
    // Only Allowance Holder takes buyAmount: on Permit2 it stays a parameter of its own (in extra).
    this.amountSide = this.isAllowanceHolder && params.buyAmount !== undefined && params.sellAmount === undefined ? 'buy' : 'sell';
    const base = this.amountSide === 'buy' ? params.buyAmount : params.sellAmount;
    const decimals = decimalsOf(this.amountToken);
    this.amount = base === undefined ? '' : decimals === null || !/^[0-9]+$/.test(base) ? base : formatBaseUnits(BigInt(base), decimals, { grouping: false });
    this.taker = params.taker ?? '';
    const owned = this.fieldNames();
    this.advanced = Object.fromEntries(ADVANCED_PARAMS.filter((param) => owned.includes(param.name) && params[param.name] !== undefined).map((param) => [param.name, params[param.name]!]));
  }

  // Kept parameters this endpoint's form now has an empty text field for move into it (amounts stay:
  // they are base units, the field takes the token's units).
  private adoptExtras(): void {
    const empty = (name: string) => (name === 'taker' ? this.taker : name === 'sellToken' ? this.sellToken : name === 'buyToken' ? this.buyToken : (this.advanced[name] ?? '')).trim() === '';
    const names = this.fieldNames().filter((name) => name !== 'chainId' && name !== 'sellAmount' && name !== 'buyAmount' && Object.hasOwn(this.extra, name) && empty(name));
    if (names.length === 0) return;
    const advanced = { ...this.advanced };
    for (const name of names) {
      const value = getOwn(this.extra, name)!;
      if (name === 'taker') this.taker = value;
      else if (name === 'sellToken') this.sellToken = value;
      else if (name === 'buyToken') this.buyToken = value;
      else setOwn(advanced, name, value);
    }
    this.advanced = advanced;
    this.extra = Object.fromEntries(Object.entries(this.extra).filter(([name]) => !names.includes(name)));
  }

  /** Drops a parameter kept from a filled request. */
  removeExtra(name: string): void {
    this.extra = Object.fromEntries(Object.entries(this.extra).filter(([key]) => key !== name));
  }

  // The query parameters this endpoint's form has a field for.
  private fieldNames(): readonly string[] {
    if (!this.needsChain) return [];
    if (!this.isSwap) return ['chainId'];
    const amount = this.amountSide === 'buy' && this.isAllowanceHolder ? 'buyAmount' : 'sellAmount';
    return ['chainId', 'sellToken', 'buyToken', amount, 'taker', ...this.advancedParams.map((param) => param.name)];
  }

  /** Sets one advanced parameter. */
  setAdvanced(name: string, value: string): void {
    this.advanced = { ...this.advanced, [name]: value };
  }
}

// Why the form sends a parameter of a filled request differently: the cases the fields cannot hold.
function fillDifferences(requested: Readonly<Record<string, string>>, sent: Readonly<Record<string, string>>): FillDifference[] {
  const out: FillDifference[] = [];
  for (const name of new Set([...Object.keys(requested), ...Object.keys(sent)])) {
    const [was, now] = [getOwn(requested, name) ?? null, getOwn(sent, name) ?? null];
    if (was === now) continue;
    const reason =
      was === null ? 'the request had none; the form always sends one'
      : name === 'chainId' ? 'is not a chain id; the form sends the chain chosen above'
      : now === null ? 'the form has no field for it'
      : 'the form writes it differently';
    out.push({ name, requested: was, sent: now, reason });
  }
  return out;
}
