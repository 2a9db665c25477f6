import { escapeJsonControls } from '../domain/support/terminal-safe.ts';
import type { Command, CommandIo } from './command.ts';
import { pairChains, tokenSide } from './token-flags.ts';
import { chainList, choiceFlag, dataDirFlag, integerFlag, noteUnsaved, parseFlags, parseRequest, reportError, requiredFlag, runToEnd, UsageError } from './compare-run.ts';
import { failedPartWayLine, isFailedUnanswered, nothingAnswered, reportRun, terminalSafe } from './compare-report.ts';
import { INTERRUPTED_EXIT, interruptedLine } from './interrupt.ts';
import type { CompareRequest } from '../ipc/channels/compare.ts';
import type { LadderRequest } from '../ipc/channels/ladder.ts';

/**
 * `swap-explorer compare`: the Compare screen headless. Prices the pair on every chain x model
 * through the same runner as the app, prints the table (or CSV / JSON with zids) on stdout and
 * progress on stderr. Buying an exact amount (buyAmount) is not compared: Permit2's price does not take one (spec), so
the models are compared selling an amount; the app's Explorer prices an exact-out Allowance Holder.

Exit codes: 0 the run finished and some side was answered (other rows may
 * hold service errors: a pair missing on one chain is data), 1 it could not run or no side was
 * answered at all (every request failed: a key, a profile), 2 bad input (the message names the flag),
 * 130 cancelled by SIGINT (the finished rows are printed: only the part finished by then, so a script
 * must not take it for the whole run, as it did with 0: 'compare … > rates.csv && upload rates.csv'
 * uploaded 2 chains of 6).
 */

const USAGE = `Usage: swap-explorer compare --sell TOKEN --buy TOKEN (--amount N | --amounts LIST) [options]

  --sell TOKEN           token sold: a registry symbol (USDC), a local-service demo token
                         (TAXD, FOTD) or an address (on every chain of --chains)
  --buy TOKEN            token bought, as --sell (WETH)
  --sell-decimals N --buy-decimals N   decimals of an address that no token list knows
                         (for a listed address, only its list's)
  --amount N             in human units of the sell token (1000, 0.5)
  --amounts LIST         a size ladder instead of --amount: up to 8 sizes, comma-separated
                         (100,1000,10000,100000); net output per unit sold per size and model,
                         and the size where the better model flips
  --chains IDS           comma-separated chain ids (default: every chain knowing both tokens); each
                         must know --sell and --buy as given: a chain whose list has the token
                         under another symbol is compared in a run of its own
  --models LIST          allowance-holder,permit2 (default both)
  --taker ADDRESS        taker address for balance and allowance checks
  --slippage-bps N       maximum slippage (service default 100)
  --swap-fee-bps N --swap-fee-recipient ADDRESS   integrator fee, both or neither
  --profile NAME         a profile of --data-dir's profiles.json (default "Local service",
                         started as a child process); the app keeps its own in its data folder
                         (About shows it)
  --format FORMAT        table (default), csv or json
  --data-dir D           where the profiles, history and runs are (default ~/.swap-explorer
                         or SWAP_EXPLORER_DATA_DIR)

Exit codes: 0 the run finished and some side was answered (a row may still hold a service error,
listed under the table), 1 the run failed (its answers are printed, the sides not answered
say "run failed (CODE)") or no side was answered, 2 bad input, 130 interrupted
(Ctrl-C: the rows finished by then are printed and the others say cancelled; before any answer,
nothing is printed).
`;

const OPTIONS = {
  sell: { type: 'string' },
  buy: { type: 'string' },
  'sell-decimals': { type: 'string' },
  'buy-decimals': { type: 'string' },
  amount: { type: 'string' },
  amounts: { type: 'string' },
  chains: { type: 'string' },
  models: { type: 'string' },
  taker: { type: 'string' },
  'slippage-bps': { type: 'string' },
  'swap-fee-bps': { type: 'string' },
  'swap-fee-recipient': { type: 'string' },
  profile: { type: 'string' },
  format: { type: 'string' },
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Parsed =
  | { help: true }
  | { help: false; request: CompareRequest; ladder: null; format: 'table' | 'csv' | 'json'; profile: string | undefined; dataDir: string }
  | { help: false; request: null; ladder: LadderRequest; format: 'table' | 'csv' | 'json'; profile: string | undefined; dataDir: string };

// Exact-out has no Permit2 side (spec: Permit2's price does not accept buyAmount), so it is said as
// such, not as an unknown option with only --buy-decimals near it.
const EXACT_OUT = /^--buy-?amount(=|$)/i;

async function parse(argv: string[]): Promise<Parsed> {
  const exactOut = argv.find((arg) => EXACT_OUT.test(arg));
  if (exactOut) {
    const flag = exactOut.split('=')[0]!;
    throw new UsageError(`${flag}: compare prices an amount sold only, as Permit2's price takes no buyAmount (spec), so the two models cannot be compared buying an exact amount; give --amount in the sell token, or price an exact-out on Allowance Holder in the app's Explorer`);
  }
  const values = parseFlags(argv, OPTIONS);
  if (values.help) return { help: true as const };
  const models = values.models?.split(',').map((item) => item.trim());
  const chains = chainList('chains', values.chains);
  const sell = tokenSide('sell', requiredFlag('sell', values.sell), values['sell-decimals'], chains);
  const buy = tokenSide('buy', requiredFlag('buy', values.buy), values['buy-decimals'], chains);
  const pair = pairChains(sell, buy, chains, { sell: values.sell!, buy: values.buy! });
  const common = {
    sell: sell.symbol,
    buy: buy.symbol,
    overrides: pair.overrides,
    chains: pair.chains,
    ...(models ? { models: models as ('allowance-holder' | 'permit2')[] } : {}),
    taker: values.taker,
    slippageBps: integerFlag('slippage-bps', values['slippage-bps']),
    swapFeeBps: integerFlag('swap-fee-bps', values['swap-fee-bps']),
    swapFeeRecipient: values['swap-fee-recipient'],
  };
  const rest = { profile: values.profile, dataDir: dataDirFlag(values['data-dir']) };
  if (values.amounts !== undefined) {
    if (values.amount !== undefined) throw new UsageError('--amounts replaces --amount: give one or the other');
    // The ladder's code and schemas load only for a ladder: a one-size compare starts without them.
    const { amountsFlag, parseLadderRequest } = await import('./compare-ladder.ts');
    const ladder = parseLadderRequest({ ...common, amounts: amountsFlag(values.amounts) });
    const format = choiceFlag('format', values.format, ['table', 'csv', 'json'] as const, 'table');
    return { help: false, request: null, ladder, format, ...rest };
  }
  // compare takes either flag, so neither given names both (`--amount is required` sent ladder users to the wrong one).
  if (values.amount === undefined) throw new UsageError('--amount (one size) or --amounts (a size ladder) is required');
  const request = parseRequest({ ...common, amount: requiredFlag('amount', values.amount) });
  const format = choiceFlag('format', values.format, ['table', 'csv', 'json'] as const, 'table');
  return { help: false, request, ladder: null, format, ...rest };
}

async function runLadder(ladder: LadderRequest, options: Extract<Parsed, { help: false }>, io: CommandIo): Promise<number> {
  const { formatLadder, ladderRowLabel, runLadderToEnd } = await import('./compare-ladder.ts');
  const { status, profile, isInterrupted } = await runLadderToEnd(ladder, options, io);
  // As reportRun: Ctrl-C before any answer prints nothing but why.
  if (isInterrupted && (status.state === 'failed' || status.done === 0)) {
    io.stderr(interruptedLine('compare'));
    return INTERRUPTED_EXIT;
  }
  if (isFailedUnanswered(status, io)) return 1;
  // Service text must not drive the terminal here either (issue 17).
  const output = formatLadder(status, options.format, profile);
  io.stdout(options.format === 'json' ? escapeJsonControls(output) : terminalSafe(output));
  noteUnsaved('compare', status, io);
  if (status.state === 'cancelled') {
    io.stderr(`compare: cancelled after ${status.done}/${status.total} requests; the sides not answered say cancelled\n`);
    return INTERRUPTED_EXIT;
  }
  if (status.state === 'failed') {
    io.stderr(failedPartWayLine(status));
    return 1;
  }
  return nothingAnswered(status.state, status.rows, options.format, ladderRowLabel, io);
}

async function run(argv: string[], io: CommandIo): Promise<number> {
  try {
    const options = await parse(argv);
    if (options.help) {
      io.stdout(USAGE);
      return 0;
    }
    if (options.ladder) return await runLadder(options.ladder, options, io);
    return reportRun(await runToEnd(options.request, options, io), options.format, options.request.taker, io);
  } catch (error) {
    return reportError('compare', error, USAGE, io);
  }
}

/** The compare subcommand. */
export const compareCommand: Command = { name: 'compare', summary: 'Allowance Holder vs Permit2 for one trade across chains', usage: USAGE, run };
