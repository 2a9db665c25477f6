import { escapeJsonControls, stripTerminalControls } from '../domain/support/terminal-safe.ts';
import type { Command, CommandIo } from './commands.ts';
import { formatRun } from './compare-format.ts';
import { chainList, choiceFlag, defaultDataDir, integerFlag, parseFlags, parseRequest, reportError, requiredFlag, runToEnd } from './compare-run.ts';

/**
 * `swap-explorer compare`: the Compare screen headless. Prices the pair on every chain x model
 * through the same runner as the app, prints the table (or CSV / JSON with zids) on stdout and
 * progress on stderr. Exit codes: 0 the run finished (rows may hold service errors), 1 it could
 * not run, 2 bad input (the message names the flag).
 */

const USAGE = `Usage: swap-explorer compare --sell SYMBOL --buy SYMBOL --amount N [options]

  --sell SYMBOL          token sold, by registry symbol (USDC)
  --buy SYMBOL           token bought (WETH)
  --amount N             in human units of the sell token (1000, 0.5)
  --chains IDS           comma-separated chain ids (default: every chain knowing both tokens)
  --models LIST          allowance-holder,permit2 (default both)
  --taker ADDRESS        taker address for balance and allowance checks
  --slippage-bps N       maximum slippage (service default 100)
  --swap-fee-bps N --swap-fee-recipient ADDRESS   integrator fee, both or neither
  --profile NAME         connection profile (default "Local service": started as a child process)
  --format FORMAT        table (default), csv or json
  --data-dir D           where runs are saved (default ~/.swap-explorer or SWAP_EXPLORER_DATA_DIR)
`;

const OPTIONS = {
  sell: { type: 'string' },
  buy: { type: 'string' },
  amount: { type: 'string' },
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

function parse(argv: string[]) {
  const values = parseFlags(argv, OPTIONS);
  if (values.help) return { help: true as const };
  const models = values.models?.split(',').map((item) => item.trim());
  const request = parseRequest({
    sell: requiredFlag('sell', values.sell),
    buy: requiredFlag('buy', values.buy),
    amount: requiredFlag('amount', values.amount),
    chains: chainList('chains', values.chains),
    ...(models ? { models: models as ('allowance-holder' | 'permit2')[] } : {}),
    taker: values.taker,
    slippageBps: integerFlag('slippage-bps', values['slippage-bps']),
    swapFeeBps: integerFlag('swap-fee-bps', values['swap-fee-bps']),
    swapFeeRecipient: values['swap-fee-recipient'],
  });
  const format = choiceFlag('format', values.format, ['table', 'csv', 'json'] as const, 'table');
  return { help: false as const, request, format, profile: values.profile, dataDir: values['data-dir'] ?? defaultDataDir() };
}

async function run(argv: string[], io: CommandIo): Promise<number> {
  try {
    const options = parse(argv);
    if (options.help) {
      io.stdout(USAGE);
      return 0;
    }
    const { status } = await runToEnd(options.request, options, io);
    // Service text (error messages, source labels, symbols) must not drive the terminal (issue 17).
    const output = formatRun(status, options.format);
    // CSV keeps its RFC 4180 \r\n line ends: stripped line by line.
    if (options.format === 'json') io.stdout(escapeJsonControls(output));
    else io.stdout(options.format === 'csv' ? output.split('\r\n').map(stripTerminalControls).join('\r\n') : stripTerminalControls(output));
    if (status.state === 'cancelled') io.stderr(`compare: cancelled after ${status.done}/${status.total} requests; the finished rows are shown\n`);
    if (status.state === 'failed') {
      io.stderr(`swap-explorer compare: ${stripTerminalControls(status.error?.message ?? 'the run failed')}\n`);
      return 1;
    }
    return 0;
  } catch (error) {
    return reportError('compare', error, USAGE, io);
  }
}

/** The compare subcommand. */
export const compareCommand: Command = { name: 'compare', summary: 'Allowance Holder vs Permit2 for one trade across chains', usage: USAGE, run };
