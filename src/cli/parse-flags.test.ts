import { describe, expect, it } from 'vitest';
import { nearestOption, parseCommandLine, UsageError } from './parse-flags.ts';

const OPTIONS = { chains: { type: 'string' }, models: { type: 'string' }, amount: { type: 'string' }, zid: { type: 'string', multiple: true }, yes: { type: 'boolean' } } as const;

function usageMessage(argv: string[], allowPositionals = false): string {
  try {
    parseCommandLine(argv, OPTIONS, allowPositionals);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error('expected a UsageError');
}

describe('parseCommandLine', () => {
  it('names an unknown flag and the option it most likely meant', () => {
    expect(usageMessage(['--chain', '1'])).toBe('unknown option --chain (did you mean --chains?); --help lists the options');
    expect(usageMessage(['--model', 'permit2'])).toBe('unknown option --model (did you mean --models?); --help lists the options');
    expect(usageMessage(['--verbose'])).toBe('unknown option --verbose; --help lists the options');
  });

  it('says a flag needs a value instead of "argument missing"', () => {
    expect(usageMessage(['--amount'])).toBe('--amount needs a value');
  });

  it('names the flag whose value was forgotten before the next flag, in one line', () => {
    // Node's own error here is three lines about an "ambiguous" argument.
    expect(usageMessage(['--amount', '--yes'])).toBe('--amount needs a value');
    expect(parseCommandLine(['--amount=--yes'], OPTIONS).values.amount).toBe('--yes');
    expect(parseCommandLine(['--chains', '-'], OPTIONS).values.chains).toBe('-');
  });

  it('refuses a value given to a switch, naming the switch', () => {
    expect(usageMessage(['--yes=no'])).toBe('--yes does not take a value');
  });

  it('names an unknown short flag as typed', () => {
    expect(usageMessage(['-x'])).toBe('unknown option -x; --help lists the options');
  });

  it('checks every argument, after `--` too', () => {
    expect(usageMessage(['--yes', '--', 'extra'])).toBe("Unexpected argument 'extra'; --help shows how the command is used");
    expect(parseCommandLine(['--', 'extra'], OPTIONS, true).positionals).toEqual(['extra']);
  });

  it('names the first problem when there are several', () => {
    expect(usageMessage(['--verbose', '--amount'])).toBe('unknown option --verbose; --help lists the options');
  });

  it('takes a negative number as the flag\'s value, for the flag\'s own check to judge', () => {
    expect(parseCommandLine(['--amount', '-5'], OPTIONS).values.amount).toBe('-5');
  });

  it('refuses a flag of one value given twice, naming it and both values, rather than keep the last', () => {
    expect(usageMessage(['--amount', '1', '--amount', '2'])).toBe('--amount is given twice ("1" and "2"): give it once');
    expect(usageMessage(['--amount=1', '--chains', '1', '--amount', '1'])).toBe('--amount is given twice ("1" and "1"): give it once');
  });

  it('takes a flag of many values (multiple) each time it is given, and a switch given twice', () => {
    expect(parseCommandLine(['--zid', 'a', '--zid', 'b'], OPTIONS).values.zid).toEqual(['a', 'b']);
    expect(parseCommandLine(['--yes', '--yes'], OPTIONS).values.yes).toBe(true);
  });

  it('refuses a stray argument and points at --help', () => {
    expect(usageMessage(['extra'])).toMatch(/^Unexpected argument 'extra'; --help shows how the command is used$/);
  });
});

describe('nearestOption', () => {
  it('picks the closest option at most two edits away, or none', () => {
    expect(nearestOption('amounts', ['amount', 'chains'])).toBe('amount');
    expect(nearestOption('CHAIN', ['chains', 'chain-id'])).toBe('chains');
    expect(nearestOption('profile', ['chains', 'amount'])).toBeNull();
  });

  it('takes a flag cut short for the one option it begins, but not for one of several', () => {
    expect(nearestOption('slippage', ['slippage-bps', 'sell', 'sell-decimals'])).toBe('slippage-bps');
    expect(nearestOption('rate-limit', ['rate-limit-rps', 'port'])).toBe('rate-limit-rps');
    expect(nearestOption('block', ['block-taker', 'block-recipient'])).toBeNull();
    expect(nearestOption('s', ['seed'])).toBeNull();
  });

  it('names --slippage-bps for price --slippage', () => {
    expect(() => parseCommandLine(['--slippage', '50'], { 'slippage-bps': { type: 'string' }, sell: { type: 'string' } })).toThrow('unknown option --slippage (did you mean --slippage-bps?); --help lists the options');
  });
});
