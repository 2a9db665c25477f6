import { chainById } from '../domain/chains.ts';
import { chainIdFromName } from '../domain/support/chain-names.ts';
import { marketToken, marketTokens } from './market/tokens.ts';
import { NATIVE_TOKEN_PLACEHOLDER, type FieldError } from '../spec/index.ts';

/**
 * The INPUT_INVALID details the service answers, from the spec schema's field errors. The schema
 * checks each field on its own and is shared with the app's forms, so it cannot say what depends
 * on the chain asked for; the service, which knows the query, adds that here before answering.
 */

const PLACEHOLDER = NATIVE_TOKEN_PLACEHOLDER.toLowerCase();

// A symbol given for a token is told to use 0xeeee…eeee for the native asset; on a chain whose
// native asset has its own address (Mantle's MNT, service-facts.json nativeTokenAddress) the hint
// names the address the service accepts there.
function nativeHint(detail: FieldError, query: Record<string, string>): FieldError {
  if (detail.field !== 'sellToken' && detail.field !== 'buyToken') return detail;
  const native = chainById(Number(query.chainId))?.nativeTokenAddress?.toLowerCase();
  if (!native || native === PLACEHOLDER || !detail.reason.includes(PLACEHOLDER)) return detail;
  return { field: detail.field, reason: detail.reason.replace(PLACEHOLDER, native) };
}

// A whole number the schema refuses for its range (0, -1, 20 digits) is, to a client, just one
// more chain the service does not serve: it gets the reason 999999 gets (swap/resolve.ts).
function chainReason(detail: FieldError, query: Record<string, string>): FieldError {
  const text = query.chainId?.trim();
  if (detail.field !== 'chainId' || text === undefined || !/^-?[0-9]+$/.test(text)) return detail;
  const shown = text.length > 30 ? `${text.slice(0, 30)}…` : text;
  return { field: 'chainId', reason: `${shown} is not a supported chain (see GET /swap/chains)` };
}

// The cross-field rules treat an empty value as absent ("is required unless buyAmount is given",
// "is required for a firm quote") while the field's own check says why the value is invalid. A
// field that was sent and is invalid gets only the invalid reason: being told it is also missing
// contradicts what the client sent.
function withoutContradictions(details: FieldError[], query: Record<string, string>): FieldError[] {
  const isRequiredReason = (detail: FieldError) => detail.reason.startsWith('is required');
  const invalid = new Set(details.filter((detail) => Object.hasOwn(query, detail.field) && !isRequiredReason(detail)).map((detail) => detail.field));
  return details.filter((detail) => !(invalid.has(detail.field) && isRequiredReason(detail)));
}

// A token's symbol (`USDC`, `weth`) given for its address is told the address on the chain asked,
// from the tokens this service trades there; the native asset keeps the 0xeeee…eeee hint above.
function symbolHint(detail: FieldError, query: Record<string, string>): FieldError {
  if (detail.field !== 'sellToken' && detail.field !== 'buyToken') return detail;
  const text = query[detail.field]?.trim() ?? '';
  // `chainId=base&buyToken=USDC`: the chain named is the one the client meant for the symbol too.
  const chainText = query.chainId?.trim() ?? '';
  const chain = chainById(/^[0-9]+$/.test(chainText) ? Number(chainText) : (chainIdFromName(chainText) ?? NaN));
  if (!chain?.isSwap || !detail.reason.startsWith(`"${text}" is a symbol`)) return detail;
  const tokens = marketTokens(chain.chainId).filter((token) => token.kind !== 'native');
  const found = tokens.find((token) => token.symbol === text) ?? tokens.find((token) => token.symbol.toLowerCase() === text.toLowerCase());
  if (!found) return detail;
  return { field: detail.field, reason: `"${text}" is a symbol, not an address: ${found.symbol} on ${chain.name} is ${found.address.toLowerCase()}` };
}

// `chainId=base`: the schema points to GET /swap/chains; the service names the id when it knows the name.
function chainNameHint(detail: FieldError, query: Record<string, string>): FieldError {
  const text = query.chainId?.trim() ?? '';
  const chainId = detail.field === 'chainId' && detail.reason.startsWith('must be a chain id number, not a name') ? chainIdFromName(text) : undefined;
  const chain = chainId === undefined ? undefined : chainById(chainId);
  if (!chain?.isSwap) return detail;
  return { field: 'chainId', reason: detail.reason.replace(': GET /swap/chains', `: ${chain.name} is ${chain.chainId}; GET /swap/chains`) };
}

// `sellAmount=1.5`: an amount in whole tokens, where the service takes base units. The schema can
// only say decimals are refused; the service knows the token's decimals on the chain asked, so it
// gives the base units meant, as a symbol is given its address.
function amountHint(detail: FieldError, query: Record<string, string>): FieldError {
  const tokenField = detail.field === 'sellAmount' ? 'sellToken' : detail.field === 'buyAmount' ? 'buyToken' : undefined;
  const text = query[detail.field]?.trim() ?? '';
  const match = /^([0-9]*)\.([0-9]+)$/.exec(text);
  const chain = chainById(Number(query.chainId));
  const address = tokenField === undefined ? '' : (query[tokenField]?.trim() ?? '');
  const token = match && chain?.isSwap && /^0x[0-9a-fA-F]{40}$/.test(address) ? marketToken(chain.chainId, address) : undefined;
  if (!match || !token) return detail;
  const [, whole, fraction] = match as unknown as [string, string, string];
  const units = fraction.length <= token.decimals ? BigInt(`${whole}${fraction.padEnd(token.decimals, '0')}`) : undefined;
  const reason = units === undefined
    ? `must be a whole number of base units, and ${text} has more decimals than ${token.symbol}'s ${token.decimals}`
    : `must be a whole number of base units: ${text} ${token.symbol} (${token.decimals} decimals) is ${units}`;
  return { field: detail.field, reason };
}

// `?sellToken=${token}` or URLSearchParams({ taker }) with a value the client did not have sends
// the text "undefined" (or "null"), which the schema read as a token symbol or a chain name ("for
// the chain's native asset use 0xeeee…"): the client is told what it sent instead.
const UNSET_TEXTS = new Set(['undefined', 'null']);

function unsetHint(detail: FieldError, query: Record<string, string>): FieldError | undefined {
  const text = Object.hasOwn(query, detail.field) ? query[detail.field]!.trim() : '';
  if (!UNSET_TEXTS.has(text) || detail.reason.startsWith('is required') || detail.reason.startsWith('cannot be used together')) return undefined;
  return { field: detail.field, reason: `was sent as the text "${text}", which a client writes for a value it did not have (JavaScript's ${text} in a template string or URLSearchParams): send the value, or leave an optional parameter out` };
}

/** The details to answer for `details` (toFieldErrors of the spec schema) of the raw `query`. */
export function serviceDetails(details: FieldError[], query: Record<string, string>): FieldError[] {
  const refined = details.map((detail) => unsetHint(detail, query) ?? amountHint(chainNameHint(symbolHint(nativeHint(chainReason(detail, query), query), query), query), query));
  return withoutContradictions(refined, query);
}
