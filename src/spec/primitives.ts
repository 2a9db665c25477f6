import { z } from 'zod';
import { ZID_PATTERN } from './constants.ts';

/**
 * Field schemas shared by the query and response schemas. Each failure carries a reason a person
 * can act on; the field name comes from the issue path.
 *
 * Built as the module loads, unlike the objects made of them (lazy-schema.ts): each is a zod
 * instance or two, and the service's query parse reaches them directly rather than through a stand-in.
 */

const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
const BASE_UNITS_PATTERN = /^(0|[1-9][0-9]*)$/;
const MAX_UINT256 = 2n ** 256n - 1n;

/**
 * Why `value` is not an address. An address with spaces or a line break around it (a value copied
 * from a file or a chat) or written `0X…` is told so: "0x followed by 40 hex digits" sent a client
 * whose value shows exactly that looking for a fault it could not see.
 */
export function notAddressReason(value: string): string {
  const text = value.trim();
  if (ADDRESS_PATTERN.test(text)) return 'must be the address alone, without spaces or line breaks around it';
  if (/^0X[0-9a-fA-F]{40}$/.test(text)) return 'must start with 0x (a lower-case x)';
  return 'must be an address: 0x followed by 40 hex digits';
}

/** An EVM address: 0x followed by 40 hex digits (any case; checksums are not enforced by the service). */
export const AddressSchema = z.string().superRefine((value, ctx) => {
  if (!ADDRESS_PATTERN.test(value)) ctx.addIssue({ code: 'custom', message: notAddressReason(value) });
});

// Zero-padded or space-padded digits are refused like any other text (the amount is echoed, and a
// padded one would not read back as sent), but the reason names that fault: "no decimals, sign or
// exponent" sent a client who had none of those looking for one.
// `1e+21` is what JavaScript writes for a Number from 1e21 up (String(1000 * 1e18)): the reason
// gives the digits it stands for, and says a float that large (past 2^53) may have lost digits.
function exponentReason(value: string): string | undefined {
  const match = /^([0-9])(?:\.([0-9]+))?[eE]\+?([0-9]{1,2})$/.exec(value);
  if (!match) return undefined;
  const [, lead, fraction = '', power] = match as unknown as [string, string, string | undefined, string];
  if (fraction.length > Number(power)) return undefined;
  const digits = `${lead}${fraction.padEnd(Number(power), '0')}`;
  const float = Number(power) >= 16 ? '; held as a float (a JavaScript Number), an amount this large may have lost its last digits: compute amounts as BigInt or strings' : '';
  return `must be a whole number written out in digits, not in exponent form: ${value} is ${digits}${float}`;
}

function notBaseUnitsReason(value: string): string {
  if (/^[0-9]+$/.test(value)) return `must be written without leading zeros: ${value.replace(/^0+(?=[0-9])/, '').slice(0, 80)}`;
  const exponent = exponentReason(value);
  if (exponent) return exponent;
  if (/^\s*[0-9]+\s*$/.test(value)) return 'must be digits only, without spaces';
  return 'must be a whole number of base units as a decimal string (no decimals, sign or exponent)';
}

/** A non-negative integer amount in base units, as a decimal string (no sign, decimals or exponent). */
export const BaseUnitsSchema = z.string().superRefine((value, ctx) => {
  // One check, not regex + refine: zod runs later refinements even when an earlier one failed.
  if (!BASE_UNITS_PATTERN.test(value)) {
    ctx.addIssue({ code: 'custom', message: notBaseUnitsReason(value) });
  } else if (BigInt(value) > MAX_UINT256) {
    ctx.addIssue({ code: 'custom', message: 'must fit in 256 bits' });
  }
});

/** A positive amount in base units: what sellAmount, buyAmount and gasPrice must be. */
export const PositiveBaseUnitsSchema = BaseUnitsSchema.refine((value) => value !== '0', { message: 'must be greater than zero' });

/** A request identifier as the service issues it. */
export const ZidSchema = z.string().regex(ZID_PATTERN, { message: 'must be a zid: 0x followed by 24 lowercase hex digits' });

/**
 * A parameter given as a string (a query string) or a number (forms and the CLI), read further by
 * the schema it starts. zod's own reason when it is neither is "Invalid input", which names no
 * cause; this one says whether the parameter was left out or sent as another type.
 */
export function stringOrNumber() {
  return z.union([z.string(), z.number()], { error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number or a string of digits') });
}

/**
 * An integer query parameter: the wire form is a decimal string, the parsed form a number in
 * [min, max]. A number is also accepted so that forms and the CLI can pass values already parsed.
 * `wholeReason` is the reason a value that is not a whole number gets (a parameter with a unit names it).
 */
export function integerParam(min: number, max: number, wholeReason = 'must be a whole number') {
  return stringOrNumber()
    .transform((value, ctx) => {
      const text = String(value).trim();
      if (!/^-?[0-9]+$/.test(text)) {
        ctx.addIssue({ code: 'custom', message: wholeReason });
        return z.NEVER;
      }
      const parsed = Number(text);
      if (parsed < min || parsed > max) {
        ctx.addIssue({ code: 'custom', message: `must be between ${min} and ${max}` });
        return z.NEVER;
      }
      return parsed;
    });
}

/**
 * The reasons of a slippage or surplus cap that is not a whole number. They name the unit with
 * examples: told only "must be a whole number", a client that sent slippageBps=0.01 (v1's
 * slippagePercentage, a fraction, under its v2 name) would send 1, which is 0.01 %, a hundredth of
 * the tolerance it meant.
 */
export const WHOLE_BPS_REASON = 'must be a whole number of basis points (1 % is 100, 0.5 % is 50)';
/** See WHOLE_BPS_REASON. */
export const WHOLE_PPM_REASON = 'must be a whole number of parts per million (1 % is 10000, 0.3 % is 3000)';

/** Splits a comma-separated parameter into trimmed items. */
export function splitList(value: string): string[] {
  return value.split(',').map((item) => item.trim());
}

/** A comma-separated list of addresses (swapFeeRecipient, swapFeeToken). */
export const AddressListSchema = z.string().superRefine((value, ctx) => {
  splitList(value).forEach((item, index) => {
    if (!ADDRESS_PATTERN.test(item)) {
      ctx.addIssue({ code: 'custom', message: `item ${index + 1} ("${item.slice(0, 50)}") ${notAddressReason(item)}` });
    }
  });
});

/** A comma-separated list of basis-point integers, each within [0, max] (swapFeeBps). */
export function bpsListSchema(max: number) {
  return z.string().superRefine((value, ctx) => {
    splitList(value).forEach((item, index) => {
      if (!/^[0-9]+$/.test(item)) {
        ctx.addIssue({ code: 'custom', message: `item ${index + 1} ("${item.slice(0, 50)}") must be a whole number of basis points` });
      } else if (Number(item) > max) {
        ctx.addIssue({ code: 'custom', message: `item ${index + 1} (${item}) exceeds the cap of ${max} Bps` });
      }
    });
  });
}

/** A boolean query parameter in its wire form. */
export const BooleanStringSchema = z.enum(['true', 'false'], { message: 'must be "true" or "false"' });
