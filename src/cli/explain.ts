import { parseHistoryFile, type ImportProblem, type SetAside } from '../domain/history-file.ts';
import { isDeeperThan } from '../domain/json-depth.ts';
import { formatInteger } from '../domain/number-format.ts';
import { entriesText } from '../domain/retention-text.ts';
import { entryHasProblems, escapeJsonControls, explainEntry, explainPastedBody, explainPastedCalldata, isProblem, recognizePaste, stripTerminalControls, type EntryExplanation, type Recognized, ZID_HEX_LENGTH } from '../domain/support/index.ts';
import { swapChains } from '../domain/chains.ts';
import type { Command, CommandIo } from './command.ts';
import { UsageError, chainList, choiceFlag, reportError } from './compare-run.ts';
import { parseCommandLine } from './parse-flags.ts';
import { entryText, historyFailureHeading, recognizedText, unknownFileText } from './explain-format.ts';
import { readExplainInput } from './explain-input.ts';
import { ASK_CUSTOMER } from './history-data.ts';
import { historyFolders, type HistoryFolder } from './history-search.ts';
import { alsoInLines, foundInAppLines, lookUpBodyZid, lookUpZid, lookupText, notFoundText, type BodyZidLookup, type ZidLookup } from './explain-lookup.ts';
import { zidArgument } from './history.ts';

/**
 * `swap-explorer explain <zid | url | curl-file | body-file | har-file>`: the support paste of the
 * app in a terminal; `--zid` picks one request out of a HAR or history export. The argument is standard input (`-`), a file, or the text itself: when it is
 * taken as a file is explain-input.ts's rule. A zid is looked up in the history (explain-lookup.ts says which). Everything
 * printed passes through stripTerminalControls (text) or escapeJsonControls (JSON): it comes from
 * customers and services. Exit codes: 0 nothing is wrong, 1 findings (or an error answer, an
 * unknown zid, a file that is not one explain reads), 2 usage (a file that is missing or unreadable);
 * 'info' findings (the headers a bare URL cannot show) do not count.
 */

const USAGE = `Usage: swap-explorer explain <zid | url | curl-file | body-file | har-file | -> [options]

  <input>                a zid (24 hex digits, 0x optional) or zid prefix (0x + 6 or more hex
                         digits), or text holding one whole zid, a URL or curl line,
                         or a file holding a curl command, fetch/axios snippet, Python requests
                         or PowerShell Invoke-RestMethod call, raw HTTP request, JSON body (alone
                         or in a raw response, as curl -i prints it), HAR or Swap Explorer export
                         ("-" reads standard input).
                         It is read as a file when it exists, or when it looks like a path: it
                         ends in .har, .json or .txt, or holds a / or \\ and is neither a URL
                         nor a path of the service (/swap/...). A file that does not exist or
                         cannot be read is a usage error (exit 2)
  --chain ID             the chain of a price or quote body, or of calldata, pasted without its
                         request: its amounts are then read in that chain's token units (neither
                         names its chain)
  --zid Z                of a HAR or history export, explain only the request whose zid is, or
                         starts with, Z (as history find takes one); a zid the file does not hold
                         is said, with the zids it does, and exits 1
  --format FORMAT        text (default) or json
  --data-dir D           where the history is: only that folder. Default: SWAP_EXPLORER_USER_DATA,
                         else the CLI's data dir (SWAP_EXPLORER_DATA_DIR or ~/.swap-explorer) and
                         then the desktop app's: the swap-explorer folder in
                         $XDG_CONFIG_HOME or ~/.config (Linux), ~/Library/Application Support
                         (macOS), %APPDATA% (Windows). Each is read only, never changed

Exit codes: 0 nothing wrong, 1 findings, 2 usage (a file that does not exist or cannot be read).
A bare URL carries no headers, so a missing svc-api-key or svc-version header is printed as an
"info" note and does not make it exit 1.
`;

const OPTIONS = { chain: { type: 'string' }, zid: { type: 'string' }, format: { type: 'string' }, 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

/** What explain found, as printed with --format json. */
export type ExplainResult =
  | Exclude<Recognized, { kind: 'zid' } | { kind: 'history-file' } | { kind: 'body' }>
  | (Extract<Recognized, { kind: 'body' }> & { lookup: BodyZidLookup | null })
  | ({ kind: 'zid'; zid: string; isPrefix: boolean; isInText: boolean } & ZidLookup)
  | { kind: 'history-file'; format: 'har' | 'json'; ok: boolean; problems: ImportProblem[]; message: string | null; entries: EntryExplanation[]; setAside: SetAside; picked?: PickedZid };

/**
 * With --zid, the file's entries whose zid is or starts with `zid`: `entries` then holds only them,
 * and `entryNumbers` their places in the file (1 for its first request), as the full listing numbers
 * them. `fileEntries` is how many the file holds; `fileZids` its zids, to choose from when none matched.
 */
export interface PickedZid {
  zid: string;
  entryNumbers: number[];
  fileEntries: number;
  fileZids: string[];
}

function readFileOf(text: string, format: 'har' | 'swap-explorer-json', zid: string | undefined): ExplainResult {
  const parsed = parseHistoryFile(text);
  // The import's message ends "Nothing was imported": explain says what it did instead.
  if (!parsed.ok) {
    const kind = format === 'har' ? 'har' : 'json';
    return { kind: 'history-file', format: kind, ok: false, problems: parsed.problems, message: historyFailureHeading(kind, parsed.problems.length), entries: [], setAside: { count: 0, examples: [] } };
  }
  const file = { kind: 'history-file' as const, format: parsed.kind, ok: true, problems: [], message: null, setAside: parsed.setAside };
  if (zid === undefined) return { ...file, entries: parsed.entries.map(explainEntry) };
  // Only the requests asked for are explained: a customer's HAR may hold hundreds.
  const entryNumbers = parsed.entries.flatMap((entry, index) => (entry.zid?.toLowerCase().startsWith(zid) ? [index + 1] : []));
  const fileZids = [...new Set(parsed.entries.flatMap((entry) => (entry.zid ? [entry.zid] : [])))];
  const picked = { zid, entryNumbers, fileEntries: parsed.entries.length, fileZids };
  return { ...file, entries: entryNumbers.map((number) => explainEntry(parsed.entries[number - 1]!)), picked };
}

// Why --chain does not apply: every other input names its chain in its request(s).
const NOT_A_BODY: Record<Exclude<Recognized['kind'], 'body' | 'calldata'>, string> = {
  request: 'a request, whose chainId names its chain',
  zid: 'read with the requests it holds, which name their chains',
  'history-file': 'read with the requests it holds, which name their chains',
  unknown: 'not one explain reads',
};

// Why --zid does not apply: it picks among a file's requests, and these inputs hold one or none.
const ZID_NOT_A_FILE: Record<Exclude<Recognized['kind'], 'history-file'>, string> = {
  request: 'one request',
  zid: 'a zid, looked up in the history: give it alone',
  body: 'a body, which answers one request',
  calldata: "a quote's calldata",
  unknown: 'not one explain reads',
};

/**
 * Explains one input; the history is opened only for a zid. `chainId` reads a pasted body on that
 * chain; any other input names its chain in its request(s), so it refuses one. `warn` says in one
 * line what could not be done beside (a keychain that cannot be read).
 */
export async function explainInput(text: string, folders: HistoryFolder[], chainId: number | undefined, warn: (line: string) => void, zid?: string): Promise<ExplainResult> {
  const recognized = recognizePaste(text);
  if (zid !== undefined && recognized.kind !== 'history-file') throw new UsageError(`--zid picks a request out of a HAR or history export; this input is ${ZID_NOT_A_FILE[recognized.kind]}`);
  if (recognized.kind === 'body') {
    const body = chainId === undefined ? recognized : { ...recognized, explanation: explainPastedBody(recognized.body, chainId) };
    return { ...body, lookup: await lookUpBodyZid(body.explanation.zid, folders, warn) };
  }
  if (recognized.kind === 'calldata') return chainId === undefined ? recognized : { ...recognized, reading: explainPastedCalldata(recognized.data, chainId) };
  if (chainId !== undefined) throw new UsageError(`--chain is for a body pasted without its request; this input is ${NOT_A_BODY[recognized.kind]}`);
  if (recognized.kind === 'zid') return { kind: 'zid', zid: recognized.zid, isPrefix: recognized.isPrefix, isInText: recognized.isInText === true, ...(await lookUpZid(recognized.zid, folders, warn)) };
  if (recognized.kind === 'history-file') return readFileOf(text, recognized.format, zid);
  return recognized;
}

/** Whether the result has anything wrong (exit code 1). */
export function hasProblems(result: ExplainResult): boolean {
  switch (result.kind) {
    case 'zid':
      return result.entries.length === 0 || result.entries.some(entryHasProblems);
    case 'history-file':
      return !result.ok || result.entries.some(entryHasProblems) || result.picked?.entryNumbers.length === 0;
    case 'request':
      // A bare URL cannot show headers: their absence is an 'info' note, not a problem.
      return result.findings.some(isProblem);
    case 'body':
      return result.explanation.kind === 'error' || result.explanation.kind === 'unknown';
    case 'calldata':
      return !result.reading.isDecoded;
    case 'unknown':
      return true;
  }
}

const ENTRIES_SHOWN = 100;

// A browser's HAR holds the page's whole traffic; what was left out is listed under the heading.
function setAsideText(setAside: SetAside): string {
  if (setAside.count === 0) return '';
  const more = setAside.count > setAside.examples.length ? [`  … and ${formatInteger(setAside.count - setAside.examples.length)} more`] : [];
  return [`, and ${entriesText(setAside.count)} set aside as not ${setAside.count === 1 ? 'a request' : 'requests'} to the service:`, ...setAside.examples.map((example) => `  ${example.path} ${example.reason}`), ...more].join('\n');
}

function resultText(result: ExplainResult, file: string | null): string {
  if (result.kind === 'zid') {
    const found = result.isInText ? [`Recognised: a zid${result.isPrefix ? ' prefix' : ''}, found in the text`] : [];
    const zid = `zid ${result.zid}${result.isPrefix ? '…' : ''}`;
    if (result.noHistory !== undefined) return [...found, `${zid} is not in a history: ${result.noHistory}\n${ASK_CUSTOMER}`].join('\n');
    if (result.entries.length === 0) return [...found, notFoundText(zid, result)].join('\n');
    const alsoIn = alsoInLines(zid, result);
    return [...found, ...foundInAppLines(result), `${zid}: ${entriesText(result.entries.length)} in the history at ${result.history}`, ...alsoIn, ...result.entries.map((entry) => entryText(entry, `Entry ${entry.id}`))].join('\n\n');
  }
  if (result.kind === 'history-file') {
    if (!result.ok) return [`${file ?? 'The input'} is ${result.message}:`, ...result.problems.map((problem) => `  ${problem.path} ${problem.reason}`)].join('\n');
    if (result.picked) return pickedText(result, result.picked, file);
    const shown = result.entries.slice(0, ENTRIES_SHOWN).map((entry, index) => entryText(entry, `Entry ${index + 1}`));
    const more = result.entries.length > ENTRIES_SHOWN ? [`… and ${formatInteger(result.entries.length - ENTRIES_SHOWN)} more (use --format json for all)`] : [];
    return [`A ${result.format === 'har' ? 'HAR' : 'Swap Explorer history'} file of ${entriesText(result.entries.length)}${setAsideText(result.setAside)}`, ...shown, ...more].join('\n\n');
  }
  if (result.kind === 'unknown' && file !== null) return unknownFileText(result, file);
  if (result.kind === 'body') return `${recognizedText(result)}${lookupText(result.lookup)}`;
  return recognizedText(result);
}

// The entries --zid picked, numbered by their places in the file; none: the zids the file holds.
function pickedText(result: Extract<ExplainResult, { kind: 'history-file' }>, picked: PickedZid, file: string | null): string {
  const what = `${file ?? `The ${result.format === 'har' ? 'HAR' : 'history export'}`} (${entriesText(picked.fileEntries)})`;
  if (picked.entryNumbers.length === 0) {
    const held = picked.fileZids.length === 0 ? 'none of its entries has a zid' : `the zids it holds: ${picked.fileZids.slice(0, ZIDS_LISTED).join(', ')}${picked.fileZids.length > ZIDS_LISTED ? `, … and ${formatInteger(picked.fileZids.length - ZIDS_LISTED)} more` : ''}`;
    return `No entry of ${what} has a zid ${picked.zid.length === WHOLE_ZID_LENGTH ? '' : 'starting '}${picked.zid}; ${held}.`;
  }
  const shown = result.entries.map((entry, index) => entryText(entry, `Entry ${picked.entryNumbers[index]} of ${formatInteger(picked.fileEntries)}`));
  return [`${what}: ${entriesText(picked.entryNumbers.length)} with zid ${picked.zid}${picked.zid.length === WHOLE_ZID_LENGTH ? '' : '…'}`, ...shown].join('\n\n');
}

const ZIDS_LISTED = 20;

// A whole zid (0x and its hex digits) is named as it is; a shorter one is a prefix.
const WHOLE_ZID_LENGTH = 2 + ZID_HEX_LENGTH;

// A body too deep for JSON.stringify is replaced by a note; everything else is printed as found.
function jsonOf(result: ExplainResult): string {
  const printable = result.kind === 'body' && isDeeperThan(result.body) ? { ...result, body: '(nested too deep to print; see redactedText)' } : result;
  return escapeJsonControls(JSON.stringify(printable, null, 2));
}

function chainFlag(text: string | undefined): number | undefined {
  const chains = chainList('chain', text, true);
  if (chains === undefined) return undefined;
  if (chains.length !== 1) throw new UsageError('--chain takes exactly one chain id');
  if (!swapChains().some((chain) => chain.chainId === chains[0])) throw new UsageError(`--chain ${chains[0]} is not a chain the service swaps on`);
  return chains[0];
}

function parse(argv: string[]) {
  const parsed = parseCommandLine(argv, OPTIONS, true);
  if (parsed.values.help) return { help: true as const };
  if (parsed.positionals.length !== 1) throw new UsageError(parsed.positionals.length === 0 ? 'give one input to explain' : 'give exactly one input (quote a URL or curl line)');
  const format = choiceFlag('format', parsed.values.format, ['text', 'json'] as const, 'text');
  const zid = parsed.values.zid === undefined ? undefined : zidArgument(parsed.values.zid);
  return { help: false as const, input: parsed.positionals[0]!, format, chainId: chainFlag(parsed.values.chain), zid, folders: historyFolders(parsed.values['data-dir']) };
}

async function run(argv: string[], io: CommandIo): Promise<number> {
  try {
    const options = parse(argv);
    if (options.help) {
      io.stdout(USAGE);
      return 0;
    }
    const input = await readExplainInput(options.input);
    const result = await explainInput(input.text, options.folders, options.chainId, (line) => io.stderr(`swap-explorer explain: ${stripTerminalControls(line)}\n`), options.zid);
    io.stdout(options.format === 'json' ? `${jsonOf(result)}\n` : `${stripTerminalControls(resultText(result, input.file))}\n`);
    return hasProblems(result) ? 1 : 0;
  } catch (error) {
    return reportError('explain', error, USAGE, io);
  }
}

/** The explain subcommand. */
export const explainCommand: Command = { name: 'explain', summary: 'explain a zid, URL, curl line, body or HAR from a customer', usage: USAGE, run };
