import { describe, expect, it } from 'vitest';
import { nearestOption, parseCommandLine, UsageError } from './parse-flags.ts';

const OPTIONS = { chains: { type: 'string' }, models: { type: 'string' }, amount: { type: 'string' }, yes: { type: 'boolean' } } as const;

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

  it('takes a negative number as the flag\'s value, for the flag\'s own check to judge', () => {
    expect(parseCommandLine(['--amount', '-5'], OPTIONS).values.amount).toBe('-5');
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
});
