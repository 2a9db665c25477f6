import { buildCurl } from '../domain/curl.ts';
import { MAX_IMPORT_PROBLEMS } from '../domain/history-file.ts';
import { countOf } from '../domain/number-format.ts';
import { requestParamNotes } from '../domain/support/request-reading.ts';
import { CUT_SHORT, findingsCountText, schemaReportText, type BodyExplanation, type CalldataReading, type CorrectedRequest, type EntryExplanation, type LintFinding, type PastedRequest, type Recognized } from '../domain/support/index.ts';

/**
 * Text of `swap-explorer explain`: what was recognised, each finding with its fix, the corrected
 * request as a curl line, and the explanation of an answer. The caller strips terminal controls
 * from the whole text before printing (it carries text from services and files).
 */

const indent = (text: string, by = '  ') => text.split('\n').map((line) => `${by}${line}`).join('\n');

/** A request as one line plus its query and headers. */
export function requestText(request: PastedRequest): string {
  const base = request.host === null ? '' : `${request.scheme ?? 'https'}://${request.host}`;
  const lines = [`${request.method} ${base}${request.path}`];
  // What each value asks, on the request's chain: 'sellAmount=1000  (0.001 USDC)'.
  const notes = requestParamNotes(request.query);
  for (const [name, value] of Object.entries(request.query)) lines.push(`  ${name}=${value}${Object.hasOwn(notes, name) ? `  (${notes[name]})` : ''}`);
  for (const [name, value] of Object.entries(request.headers)) lines.push(`  ${name}: ${value}`);
  return lines.join('\n');
}

/** Findings, one block each: severity, code, field, message and fix. */
export function findingsText(findings: LintFinding[], title = 'Findings'): string {
  if (findings.length === 0) return `${title}: none`;
  const blocks = findings.map((finding) => `${finding.severity.padEnd(7)} ${finding.code}${finding.field ? ` (${finding.field})` : ''}\n        ${finding.message}\n        fix: ${finding.fix}`);
  return `${title} (${findingsCountText(findings)}):\n${indent(blocks.join('\n'))}`;
}

/** The corrected request, with a curl line to send it. */
export function correctedText(corrected: CorrectedRequest | null): string {
  if (corrected === null) return 'Corrected request: none (the endpoint could not be told from the path)';
  const curl = buildCurl({ url: corrected.url, headers: corrected.headers }, { multiline: true });
  const lines = [`Corrected v2 request (${corrected.endpoint}):`, indent(curl)];
  if (corrected.remaining.length > 0) lines.push(findingsText(corrected.remaining, 'Still to fix by hand'));
  return lines.join('\n');
}

/** An answer explained: an error's name, cause, fix and fields, or a one-line summary. */
export function bodyText(explanation: BodyExplanation): string {
  const zid = `zid ${explanation.zid ?? 'none'}`;
  if (explanation.kind !== 'error') {
    const facts = explanation.facts ?? [];
    const width = Math.max(0, ...facts.map((fact) => fact.label.length));
    // A pasted body's chain: named with --chain, or not yet (then its amounts are in base units).
    const chain = explanation.chain ? [`  ${explanation.chain.note}${explanation.chain.chainId === null ? ' --chain ID reads them with that chain\'s token list.' : ''}`] : [];
    return [`Answer: ${explanation.kind} (${zid})`, `  ${explanation.summary ?? ''}`, ...chain, ...facts.map((fact) => `    ${fact.label.padEnd(width)}  ${fact.value}`)].join('\n');
  }
  const lines = [`Answer: error ${explanation.name} (${zid})`];
  if (explanation.message) lines.push(`  message: ${explanation.message}`);
  lines.push(`  cause: ${explanation.cause}`, `  fix: ${explanation.fix}`);
  for (const detail of explanation.details ?? []) lines.push(`    ${detail.field}: ${detail.reason}`);
  return lines.join('\n');
}

/** A recognised paste or argument. */
export function recognizedText(recognized: Recognized): string {
  switch (recognized.kind) {
    case 'request':
      return [`Recognised: a request (${recognized.request.source})`, indent(requestText(recognized.request)), findingsText(recognized.findings), correctedText(recognized.corrected)].join('\n\n');
    case 'body':
      return [`Recognised: a JSON ${recognized.explanation.kind === 'error' ? 'error body' : 'body'}`, bodyText(recognized.explanation), ...(recognized.schemaReport ? [schemaReportText(recognized.schemaReport)] : [])].join('\n\n');
    case 'zid':
      return `Recognised: a zid${recognized.isPrefix ? ' prefix' : ''} ${recognized.zid}${recognized.isInText ? ' (found in the text)' : ''}`;
    case 'history-file':
      return `Recognised: a ${recognized.format === 'har' ? 'HAR' : 'Swap Explorer history'} file`;
    case 'calldata':
      return calldataText(recognized.reading);
    case 'unknown':
      return `Not recognised: ${recognized.reason}`;
  }
}

// Calldata pasted alone: its facts as an answer's, then the zid it carries, which leads to the request.
function calldataText(reading: CalldataReading): string {
  const width = Math.max(0, ...reading.facts.map((fact) => fact.label.length));
  const facts = reading.facts.map((fact) => `  ${fact.label.padEnd(width)}  ${fact.value}`);
  const zid = reading.zid === null ? [] : ['', `It carries the zid ${reading.zid}: swap-explorer explain ${reading.zid} finds its request in the history.`];
  return [`Recognised: a transaction's calldata${reading.isDecoded ? '' : ' (not one the settler ABI decodes)'}`, '', ...facts, ...zid].join('\n');
}

/**
 * Why a history file could not be read, put after "<file> is" (its problems are listed under it):
 * explain reads the whole file or none of it, as the import does.
 */
export function historyFailureHeading(format: 'har' | 'json', problems: number): string {
  const what = format === 'har' ? 'a HAR file' : 'a Swap Explorer history export';
  const stopped = problems >= MAX_IMPORT_PROBLEMS ? ', checking stopped there' : '';
  return `not ${what} explain can read, so no entry was explained (${countOf(problems, 'problem')}${stopped})`;
}

/** A file whose text is none of what explain reads: JSON that does not parse is named as such. */
export function unknownFileText(recognized: Extract<Recognized, { kind: 'unknown' }>, file: string): string {
  if (recognized.invalidJson !== undefined) return `${file} is not valid JSON: ${recognized.invalidJson}. ${CUT_SHORT}`;
  return `Not recognised: ${file}: ${recognized.reason}`;
}

/** One kept or imported entry explained. */
export function entryText(explained: EntryExplanation, heading: string): string {
  const parts = [`${heading}: ${explained.status === 0 ? 'no response' : `HTTP ${explained.status}`}, sent ${explained.startedAt}, zid ${explained.zid ?? 'none'}`];
  if (explained.request) parts.push(indent(requestText(explained.request)));
  parts.push(findingsText(explained.findings));
  if (explained.findings.length > 0) parts.push(correctedText(explained.corrected));
  if (explained.explanation) parts.push(bodyText(explained.explanation));
  if (explained.unreadAnswer) parts.push([`Answer: ${explained.unreadAnswer.name}`, `  cause: ${explained.unreadAnswer.cause}`, `  fix: ${explained.unreadAnswer.fix}`].join('\n'));
  if (explained.schemaReport) parts.push(schemaReportText(explained.schemaReport));
  return parts.join('\n\n');
}
