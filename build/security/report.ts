import type { Finding, GateDecision } from './findings.ts';

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) => r.map((cell, c) => cell.padEnd(widths[c]!)).join('  ').trimEnd()).join('\n');
}

function where(f: Finding): string {
  return f.file === 'N/A' ? '(global)' : `${f.file}:${f.line}`;
}

/** Renders the gate's decision: a summary table by severity, then every blocking and allowed finding. */
export function formatReport(decision: GateDecision): string {
  const count = (list: Finding[], severity: string) => String(list.filter((f) => f.severity === severity).length);
  const allowed = decision.allowed.map((a) => a.finding);
  const summary = [['severity', 'blocking', 'allowlisted', 'reported only']];
  for (const s of ['HIGH', 'MEDIUM', 'LOW', 'INFORMATIONAL']) {
    summary.push([s, count(decision.blocking, s), count(allowed, s), count(decision.belowThreshold, s)]);
  }
  const out = ['electronegativity security gate', '', table(summary)];
  if (decision.blocking.length > 0) {
    out.push('', 'BLOCKING (HIGH/MEDIUM):', table(decision.blocking.map((f) => [f.severity, f.id, where(f), f.description])));
  }
  if (decision.allowed.length > 0) {
    out.push('', 'Allowlisted (build/security-allowlist.json):', table(decision.allowed.map(({ finding: f, reason }) => [f.severity, f.id, where(f), reason])));
  }
  if (decision.stale.length > 0) {
    out.push('', 'STALE allowlist entries (match no finding; remove them):', table(decision.stale.map((e) => [e.id, e.file, e.reason])));
  }
  return out.join('\n');
}
