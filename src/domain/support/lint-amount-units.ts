import { chainById } from '../chains.ts';
import { findListedToken } from '../listed-token.ts';
import { formatWithSymbol } from '../number-format.ts';
import { AmountError, parseHumanAmount } from '../units.ts';
import { fixed, unfixed, type LintContext } from './lint-context.ts';

/**
 * Amounts not written as whole base units, in the two ways customers' code sends them: with a
 * decimal point (`sellAmount=1.5`, the amount in the token's units, as a person types it) and with
 * an exponent (`sellAmount=1e+21`, what JavaScript's String(1000 * 10 ** 18) gives). The service
 * refuses both (400 INPUT_INVALID on the field); the schema's reason says only "must be a whole
 * number", which leaves the support engineer to work out the base units. Where the request's chain
 * and token are known the decimal amount is read in that token's units (it cannot be base units),
 * and an exponent is written out in plain digits; the corrected request carries the result.
 */

const DECIMAL = /^(?:\d+\.\d*|\.\d+)$/;
// A URL's query reads an unescaped + as a space (1e+21 arrives as '1e 21'), as the service reads it.
const EXPONENT = /^(\d+)(?:\.(\d+))?[eE][+ ]?(\d+)$/;
const AMOUNT_TOKEN = { sellAmount: 'sellToken', buyAmount: 'buyToken' } as const;

// An exponent's plain digits, when they are whole (1.5e3 is 1500; 1.5e0 is not whole).
function expanded(value: string): string | null {
  const match = EXPONENT.exec(value);
  if (!match) return null;
  const [, whole, fraction = '', exponent] = match;
  const shift = Number(exponent) - fraction.length;
  if (shift < 0 || shift > 80) return null;
  return (BigInt(`${whole}${fraction}`) * 10n ** BigInt(shift)).toString();
}

function lintOne(ctx: LintContext, field: keyof typeof AMOUNT_TOKEN): void {
  const value = ctx.params[field]?.trim() ?? '';
  const address = ctx.params[AMOUNT_TOKEN[field]];
  const token = ctx.chainId !== null && address !== undefined ? findListedToken(ctx.chainId, address) : undefined;
  const named = (base: string) => (token ? ` (${formatWithSymbol(base, token)})` : '');
  const plain = expanded(value);
  if (plain !== null) {
    ctx.params[field] = plain;
    fixed(ctx, { code: 'AMOUNT_NOT_BASE_UNITS', severity: 'error', field, message: `${field}=${value.replace(' ', '+')} is written with an exponent, as JavaScript writes a large number; the service takes whole base units in plain digits.`, fix: `use ${field}=${plain}${named(plain)}` });
    return;
  }
  if (!DECIMAL.test(value)) return;
  const message = `${field}=${value} has a decimal point: the service takes whole base units, so this looks like an amount in the token's own units.`;
  if (!token) {
    const where = ctx.chainId === null ? 'the request names no chain' : `the app's token list for ${chainById(ctx.chainId)?.name ?? `chain ${ctx.chainId}`} does not have ${address ?? 'its token'}`;
    unfixed(ctx, { code: 'AMOUNT_NOT_BASE_UNITS', severity: 'error', field, message: `${message} Its base units cannot be worked out here: ${where}.`, fix: `give ${field} in base units: the amount times 10 to the token's decimals (1.5 USDC, 6 decimals, is 1500000)` });
    return;
  }
  try {
    const base = parseHumanAmount(value, token.decimals).toString();
    ctx.params[field] = base;
    fixed(ctx, { code: 'AMOUNT_NOT_BASE_UNITS', severity: 'error', field, message: `${message} ${value} ${token.symbol} (${token.decimals} decimals) is ${base} base units.`, fix: `use ${field}=${base}${named(base)}` });
  } catch (error) {
    if (!(error instanceof AmountError)) throw error;
    unfixed(ctx, { code: 'AMOUNT_NOT_BASE_UNITS', severity: 'error', field, message: `${message} Read in ${token.symbol}, ${error.message}.`, fix: `give ${field} in base units of ${token.symbol} (${token.decimals} decimals)` });
  }
}

/** sellAmount and buyAmount written with a decimal point or an exponent (see above). */
export function lintAmountUnits(ctx: LintContext): void {
  lintOne(ctx, 'sellAmount');
  lintOne(ctx, 'buyAmount');
}
