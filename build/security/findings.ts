/** Severities electronegativity assigns, lowest first. */
export type Severity = 'INFORMATIONAL' | 'LOW' | 'MEDIUM' | 'HIGH';

/** One electronegativity finding, reduced to what the gate decides and prints on. */
export interface Finding {
  id: string;
  severity: Severity;
  confidence: string;
  /** Repo-relative path with `/` separators; `N/A` for global checks (CSP, navigation limits…). */
  file: string;
  line: number;
  sample: string;
  description: string;
}

/** An accepted finding: which check in which file, and why it is safe for our design. */
export interface AllowlistEntry {
  id: string;
  file: string;
  reason: string;
}

/** What the gate concluded: `blocking` non-empty or `stale` non-empty means exit 1. */
export interface GateDecision {
  blocking: Finding[];
  allowed: Array<{ finding: Finding; reason: string }>;
  /** Allowlist entries that matched nothing: removed so they cannot silently cover a later finding. */
  stale: AllowlistEntry[];
  belowThreshold: Finding[];
}

const BLOCKING: ReadonlySet<Severity> = new Set(['HIGH', 'MEDIUM']);

// Electronegativity rates an explicit `nodeIntegration: true` (or a variable it cannot resolve) as
// INFORMATIONAL, and does not report it at all when `sandbox: true` overrides it. Our renderer never
// gets Node, so any report of it blocks.
const ALWAYS_BLOCKING: ReadonlySet<string> = new Set(['NODE_INTEGRATION_JS_CHECK', 'NODE_INTEGRATION_HTML_CHECK']);

function isBlocking(finding: Finding): boolean {
  return BLOCKING.has(finding.severity) || ALWAYS_BLOCKING.has(finding.id);
}

interface RawIssue {
  id: string;
  severity: { name: string };
  confidence: { name: string };
  file: string;
  location?: { line?: number };
  sample?: string;
  description?: string;
}

/** Converts issues as electronegativity's `run()` returns them into findings with portable paths. */
export function toFindings(issues: readonly RawIssue[]): Finding[] {
  return issues.map((issue) => ({
    id: issue.id,
    severity: issue.severity.name as Severity,
    confidence: issue.confidence.name,
    file: issue.file.replaceAll('\\', '/'),
    line: issue.location?.line ?? 0,
    sample: issue.sample ?? '',
    description: issue.description ?? '',
  }));
}

/** Parses and checks build/security-allowlist.json: every entry needs an id, a file and a reason. */
export function parseAllowlist(json: string): AllowlistEntry[] {
  const data: unknown = JSON.parse(json);
  if (!Array.isArray(data)) throw new Error('security allowlist must be a JSON array');
  return data.map((entry: Partial<AllowlistEntry>, i) => {
    for (const key of ['id', 'file', 'reason'] as const) {
      if (typeof entry?.[key] !== 'string' || entry[key].trim() === '') throw new Error(`security allowlist entry ${i}: "${key}" must be a non-empty string`);
    }
    return { id: entry.id!, file: entry.file!, reason: entry.reason! };
  });
}

/** Splits findings into blocking (HIGH/MEDIUM or node integration, not allowlisted), allowed and below threshold. */
export function decide(findings: readonly Finding[], allowlist: readonly AllowlistEntry[]): GateDecision {
  const used = new Set<AllowlistEntry>();
  const decision: GateDecision = { blocking: [], allowed: [], stale: [], belowThreshold: [] };
  for (const finding of findings) {
    if (!isBlocking(finding)) {
      decision.belowThreshold.push(finding);
      continue;
    }
    const entry = allowlist.find((e) => e.id === finding.id && e.file === finding.file);
    if (entry) {
      used.add(entry);
      decision.allowed.push({ finding, reason: entry.reason });
    } else {
      decision.blocking.push(finding);
    }
  }
  decision.stale = allowlist.filter((e) => !used.has(e));
  return decision;
}

/** True when the gate passes. */
export function passes(decision: GateDecision): boolean {
  return decision.blocking.length === 0 && decision.stale.length === 0;
}
