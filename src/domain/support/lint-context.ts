import type { EndpointId } from '../../spec/index.ts';
import type { LintFinding } from './types.ts';

/**
 * The state the lint rules share: the params being corrected, the findings so far, and what could
 * not be fixed. Each rule reads and amends it in turn.
 */
export interface LintContext {
  params: Record<string, string>;
  endpoint: EndpointId | null;
  chainId: number | null;
  /** The corrected request keeps the pasted host only when it is a v2 host. */
  keepHost: boolean;
  findings: LintFinding[];
  remaining: LintFinding[];
  /** Headers could not be seen (a bare URL): header findings are warnings. */
  headersUnknown: boolean;
}

/** Records a finding the correction fixed. */
export function fixed(ctx: LintContext, finding: LintFinding): void {
  ctx.findings.push(finding);
}

/** Records a finding the correction could not fix: it stays on the corrected request too. */
export function unfixed(ctx: LintContext, finding: LintFinding): void {
  ctx.findings.push(finding);
  ctx.remaining.push(finding);
}

/** Moves a param to a new name (the v2 name wins if both were given). */
export function rename(ctx: LintContext, from: string, to: string, value = ctx.params[from]): void {
  delete ctx.params[from];
  if (value !== undefined && !Object.hasOwn(ctx.params, to)) ctx.params[to] = value;
}

/** Whether a param is present and not empty. */
export function has(ctx: LintContext, name: string): boolean {
  return (ctx.params[name] ?? '') !== '';
}
