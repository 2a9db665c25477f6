/** The support paste (issue 17): recognition, redaction, lint and explanation of what a customer sent. */
export * from './types.ts';
export { recognizePaste, CUT_SHORT } from './recognize.ts';
export { redactPaste, hasSecret, isKeyPlaceholder } from './redact-paste.ts';
export { isSecretName } from '../redact.ts';
export { lintRequest, isProblem, findingsCountText, type LintResult } from './lint-request.ts';
export { explainBody, explainPastedBody } from './explain-body.ts';
export { bodyChainOf, chainsListingBoth, type BodyChain } from './body-chain.ts';
export { buildSupportReportHtml, type ReportDiffSides, type SupportReportInput } from './report.ts';
export { stripTerminalControls, hasTerminalControls, escapeJsonControls } from './terminal-safe.ts';
export { explainEntry, entryHasProblems, type EntryExplanation } from './explain-entry.ts';
export { schemaReportRows, schemaReportSummary, schemaReportText, SCHEMA_REPORT_COLUMNS, SCHEMA_REPORT_TITLE } from './schema-report-text.ts';
export { parseZid, zidOfBody, ZID_HEX_LENGTH, ZID_PREFIX_MIN_HEX } from './zid.ts';
export { explainPastedCalldata, isCalldata, type CalldataReading } from './explain-calldata.ts';
