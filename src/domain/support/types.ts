import type { CalldataReading } from './explain-calldata.ts';
import type { AnswerFact } from './charge-facts.ts';
import type { BodyChain } from './body-chain.ts';
import type { EndpointId } from '../../spec/index.ts';
import type { ExplainedSchemaReport } from '../entry-schema-report.ts';

/**
 * The shapes of the support paste (issue 17): what a pasted text was recognised as, the request
 * found in it, the lint findings with their fixes and the corrected v2 request. Environment-free:
 * the renderer imports these types.
 */

/** What a paste was recognised as. */
export type PasteKind = 'zid' | 'request' | 'body' | 'history-file' | 'unknown';

/** A request found in a paste; any API key in it is already replaced by REDACTED (src/domain/redact.ts). */
export interface PastedRequest {
  source: 'url' | 'curl' | 'fetch' | 'axios' | 'http' | 'python' | 'powershell';
  /** Upper case, e.g. 'GET'. */
  method: string;
  scheme: 'http' | 'https' | null;
  /** As written (v1 per-chain hosts are a finding). */
  host: string | null;
  /** e.g. '/swap/v1/quote'. */
  path: string;
  /** Key params (svc-api-key / 0x-api-key style) redacted. */
  query: Record<string, string>;
  /** Header names lower-cased; key header values redacted. */
  headers: Record<string, string>;
  /** A key was present (and has been redacted). */
  hadApiKey: boolean;
  /** Every value of each query parameter given more than once (`query` joins them with commas); absent when none was. */
  repeated?: Record<string, string[]>;
  /** The paste ends inside a quote: cut short, so what it ends with may be partial (a command line). */
  isCutShort?: boolean;
}

/** One lint finding, each with its fix. `code` is UPPER_SNAKE and stable (tests match on it). */
export interface LintFinding {
  /**
   * 'V1_PATH', 'PER_CHAIN_HOST', 'V1_PARAM', 'UNIT_CHANGE', 'VERSION_HEADER', 'MISSING_KEY_HEADER',
   * 'KEY_HEADER_NAME', 'KEY_IN_QUERY', 'SYMBOL_NOT_ADDRESS', 'CHAIN_NAME', 'CHAIN_MISSING',
   * 'AMOUNT_BOTH_OR_NEITHER', 'AMOUNT_NOT_BASE_UNITS' (a decimal point or an exponent), 'PARAM_NOT_ACCEPTED', 'PLAIN_HTTP', 'METHOD_NOT_GET', 'UNKNOWN_PATH',
   * 'PARAM_REPEATED', 'CHAIN_NOT_SUPPORTED', 'QUERY_IGNORED' (info: a chain list ignores its query),
   * 'CUT_SHORT' (the paste ends inside a quote),
   * 'INPUT_INVALID' (the spec schema's own reason).
   */
  code: string;
  /**
   * 'error' and 'warning' are problems (explain exits 1); 'info' is a note the paste cannot settle,
   * such as the headers a bare URL cannot show, and is not counted as a problem.
   */
  severity: 'error' | 'warning' | 'info';
  /** The query parameter or header concerned. */
  field?: string;
  /** What is wrong, in the user's terms. */
  message: string;
  /** What to do instead (e.g. 'use slippageBps=100 (1 % = 100 Bps)'). */
  fix: string;
}

/** The corrected v2 request, ready for the Explorer form or for sending with a profile. */
export interface CorrectedRequest {
  /** From src/spec/endpoints.ts. */
  endpoint: EndpointId;
  params: Record<string, string>;
  /** 'svc-version': 'v2', 'svc-api-key': '<API_KEY>' placeholder, never a key. */
  headers: Record<string, string>;
  /**
   * e.g. 'https://{base_url}/swap/permit2/quote?chainId=1&...' (base kept symbolic when the pasted
   * host was a v1 per-chain host or unknown).
   */
  url: string;
  /** What could not be fixed automatically (e.g. a symbol with no registry address). */
  remaining: LintFinding[];
}

/** What a pasted JSON body is and what it means. */
export interface BodyExplanation {
  kind: 'error' | 'price' | 'quote' | 'chains' | 'sources' | 'unknown';
  zid: string | null;
  /** For errors, from src/domain/error-explainer.ts. */
  name?: string;
  cause?: string;
  fix?: string;
  /** The error's message as the service wrote it. */
  message?: string;
  /** INPUT_INVALID details. */
  details?: { field: string; reason: string }[];
  /** One line for non-errors. */
  summary?: string;
  /** A liquid price or quote: its route, fees, gas, issues and transaction (answer-facts.ts). */
  facts?: AnswerFact[];
  /** A price or quote pasted without its request: the chain its amounts are read on, if one was named (body-chain.ts). */
  chain?: BodyChain;
}

/** What recognizePaste found; `redactedText` is the paste with every key replaced. */
export type Recognized =
  | { kind: 'zid'; zid: string; isPrefix: boolean; redactedText: string; /** Found in other text (a screenshot's, a chat's), which named nothing else it reads. */ isInText?: boolean }
  | { kind: 'request'; request: PastedRequest; findings: LintFinding[]; corrected: CorrectedRequest | null; redactedText: string }
  | { kind: 'body'; body: unknown; explanation: BodyExplanation; /** Against the endpoint of its kind it is closest to: a pasted body names none. */ schemaReport: ExplainedSchemaReport | null; redactedText: string }
  | { kind: 'history-file'; format: 'har' | 'swap-explorer-json'; redactedText: string }
  | { kind: 'calldata'; data: string; reading: CalldataReading; redactedText: string }
  | { kind: 'unknown'; reason: string; redactedText: string; /** The JSON parser's error, for text that starts like JSON but does not parse. */ invalidJson?: string };
