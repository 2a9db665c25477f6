import { randomBytes } from 'node:crypto';
import { unitHash } from './rng.ts';

/**
 * API keys and teams (spec, "Authentication"): each key belongs to a team; the team decides its
 * enabled Solana sources and its plan. Only the custom plan has trade surplus paid to
 * `tradeSurplusRecipient` (spec: "available only to selected integrators on a custom plan; otherwise
 * the service collects the surplus"); a standard-plan team may send it, and the service keeps the surplus.
 */

/** A team's plan. */
export type Plan = 'standard' | 'custom';

/** One configured key. */
export interface ApiKeyConfig {
  key: string;
  team: string;
  /** Default `standard`. */
  plan?: Plan;
}

/** The team a request acts for. */
export interface Team {
  name: string;
  plan: Plan;
  /** DEX labels enabled for this team on Solana (GET /solana/enabled-sources). */
  solanaSources: string[];
}

/** Solana DEX labels the service can enable for a team. */
export const SOLANA_SOURCES = ['Raydium', 'Raydium_CLMM', 'Orca_Whirlpool', 'Meteora', 'Meteora_DLMM', 'Phoenix', 'Lifinity_V2', 'OpenBook_V2', 'Pump_AMM'] as const;

// A team's Solana sources: the core three always, the others by a hash of the team name, so every
// team sees a stable list and different teams differ.
function solanaSourcesOf(team: string): string[] {
  return SOLANA_SOURCES.filter((label, index) => index < 3 || unitHash(0, 'solana', team, label) < 0.5);
}

/** Looks up the team of a key. */
export class KeyRing {
  readonly #teams = new Map<string, Team>();

  constructor(keys: readonly ApiKeyConfig[]) {
    for (const { key, team, plan } of keys) this.#teams.set(key, { name: team, plan: plan ?? 'standard', solanaSources: solanaSourcesOf(team) });
  }

  /** The team of a key, or undefined for an unknown key. */
  teamOf(key: string): Team | undefined {
    return this.#teams.get(key);
  }

  /** The configured keys. */
  get keys(): string[] {
    return [...this.#teams.keys()];
  }
}

/** A new random key for a service started without keys. */
export function generateApiKey(): string {
  return `local_${randomBytes(16).toString('hex')}`;
}
