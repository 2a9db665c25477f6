import '../zod-csp.ts';
import { api } from '../api.ts';
import type { Result } from '../../../src/ipc/result.ts';
import type { CompareRequestInput, RunStatus, TokenOverride } from '../../../src/ipc/channels/compare.ts';
import { swapChains } from '../../../src/domain/chains.ts';
import type { ExportProfile } from '../../../src/domain/compare-export.ts';
import { chainsWithBoth } from '../../views/compare/pair-options.ts';
import { overrideProblems, overrideDraftOf, parseOverride, type OverrideProblem } from '../../views/compare/override-check.ts';
import { pickText, type TokenPick } from '../../views/compare/token-choices.ts';
import type { TradeFields } from './form-changes.ts';
import { goneProfileText } from './chosen-profile.ts';
import { ProfilePicker } from './profile-picker.svelte.ts';

/**
 * The Compare form's state: the trade, chains, models, settings, overrides and the profile picker,
 * and the request they describe. Kept apart from the run (compare.svelte.ts, which extends it)
 * because the form outlives runs: a run is started from it, and a past run is put back into it
 * (restoreForm), and the size ladder reads the same form (ladder.svelte.ts).
 */

/** A profile as the form's picker shows it. */
export interface ProfileChoice {
  id: string;
  name: string;
  rateBudgetRps: number;
}

// profiles.list belongs to the profiles area, read through the one api: a failure is the answer's, with its reason.
function listProfiles(): Promise<Result<{ profiles: ProfileChoice[] }>> {
  return (api as unknown as { profiles: { list: () => Promise<Result<{ profiles: ProfileChoice[] }>> } }).profiles.list();
}

/** The form's override row (strings while typed). */
export interface OverrideDraft {
  chainId: number;
  side: 'sell' | 'buy';
  address: string;
  decimals: string;
  /** Symbol for an address the registry does not know (optional: else read from the route). */
  symbol: string;
}

/** The Compare form's fields, its profile picker and the request they describe. */
export class CompareFormState extends ProfilePicker<ProfileChoice> {
  sell = $state('USDC');
  buy = $state('WETH');
  amount = $state('1000');
  models = $state({ 'allowance-holder': true, permit2: true });
  taker = $state('');
  slippageBps = $state('');
  swapFeeBps = $state('');
  swapFeeRecipient = $state('');
  overrides = $state<OverrideDraft[]>([]);
  /** Chains picked by hand; null while the default (every chain knowing both tokens) applies. */
  pickedChains = $state<number[] | null>(null);
  /** "chainId:side" of the override rows a token pick made: the next pick of that side replaces them. */
  #pickedOverrides = $state.raw<readonly string[]>([]);
  /** Counts profile list reads, so that an earlier one answering last is dropped. */
  #profilesSeq = 0;

  /** Field problems of each override row, shown in place; the run is not started while any exist. */
  overrideErrors = $derived<OverrideProblem[][]>(this.overrides.map((item) => overrideProblems(item)));
  hasOverrideErrors = $derived(this.overrideErrors.some((problems) => problems.length > 0));
  parsedOverrides = $derived<TokenOverride[]>(this.overrides.map(parseOverride).filter((item) => item !== null));
  availableChains = $derived(chainsWithBoth(this.sell, this.buy, this.parsedOverrides));
  chains = $derived(this.pickedChains ?? this.availableChains);

  /** Toggles one chain in the selection. */
  toggleChain(chainId: number, on: boolean): void {
    const current = this.chains.filter((id) => id !== chainId);
    if (on) current.push(chainId);
    this.pickedChains = swapChains().map((chain) => chain.chainId).filter((id) => current.includes(id));
  }

  /**
   * Applies a token picker's choice to one side. A symbol is resolved per chain by the engine; an
   * address is one chain's token, so it becomes that chain's override of this side (the same way
   * an override row goes into the request), and the chains go back to the default set (where the
   * pair is known, which for an address is its own chain).
   */
  pickToken(side: 'sell' | 'buy', pick: TokenPick): void {
    const isPicked = (draft: OverrideDraft) => draft.side === side && this.#pickedOverrides.includes(`${draft.chainId}:${side}`);
    const overrides = this.overrides.filter((draft) => !isPicked(draft));
    const keys = this.#pickedOverrides.filter((key) => !key.endsWith(`:${side}`));
    if (pick.kind === 'address') {
      const kept = overrides.filter((draft) => !(draft.chainId === pick.chainId && draft.side === side));
      kept.push({ chainId: pick.chainId, side, address: pick.address, decimals: pick.decimals === null ? '' : String(pick.decimals), symbol: pick.symbol });
      keys.push(`${pick.chainId}:${side}`);
      this.overrides = kept;
      this.pickedChains = null;
    } else this.overrides = overrides;
    this.#pickedOverrides = keys;
    this[side] = pickText(pick);
  }

  /** The index of the override row the last address pick of this side made, or -1. */
  pickedOverrideIndex(side: 'sell' | 'buy'): number {
    return this.overrides.findIndex((draft) => draft.side === side && this.#pickedOverrides.includes(`${draft.chainId}:${side}`));
  }

  /** The request the form describes. */
  request(): CompareRequestInput {
    const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
    return {
      ...(this.profileId ? { profileId: this.profileId } : {}),
      sell: this.sell,
      buy: this.buy,
      amount: this.amount,
      chains: this.chains,
      models: (['allowance-holder', 'permit2'] as const).filter((model) => this.models[model]),
      ...(this.taker.trim() ? { taker: this.taker.trim() } : {}),
      ...(this.slippageBps.trim() ? { slippageBps: number(this.slippageBps) } : {}),
      ...(this.swapFeeBps.trim() ? { swapFeeBps: number(this.swapFeeBps) } : {}),
      ...(this.swapFeeRecipient.trim() ? { swapFeeRecipient: this.swapFeeRecipient.trim() } : {}),
      overrides: this.parsedOverrides,
    };
  }

  /** The trade the form describes now, with the sizes of the mode asking (the amount, a ladder's amounts). */
  tradeOfForm(sizes: readonly string[]): TradeFields {
    const request = this.request();
    return { ...request, profileId: this.profileId, sizes, chains: request.chains ?? [], models: request.models ?? [], overrides: request.overrides ?? [] };
  }

  /**
   * Loads the profiles for the picker. The first listed is taken only while nothing is chosen; a
   * chosen profile that is gone stays chosen, and goneProfile says so (chosen-profile.ts).
   */
  async loadProfiles(): Promise<void> {
    const profilesSeq = ++this.#profilesSeq;
    const answer = await listProfiles();
    // Of two reads under way (the screen shown again after a profile was added or deleted) the later
    // one's list stays: the earlier, answering last on a busy machine, has the list as it was before.
    if (profilesSeq !== this.#profilesSeq) return;
    this.takeProfiles(answer);
  }

  /** What the form says while the chosen profile is gone, for the action asked ("run", "run the ladder"). */
  goneProfileText(action: string): string | null {
    return this.goneProfile ? goneProfileText(this.goneProfile, action) : null;
  }

  /**
   * Puts a past run's request back in the form, every field (issue 11, case 1): a past run or ladder
   * reopens exactly as it was run, overrides and profile included, never mixed with the form's state.
   * `profileId` is the profile the run used (the request names none when the default was taken).
   */
  restoreForm(request: Omit<RunStatus['request'], 'amount'> & { amount?: string }, profileId: string): void {
    const text = (value: number | string | undefined) => (value === undefined ? '' : String(value));
    this.sell = request.sell;
    this.buy = request.buy;
    if (request.amount !== undefined) this.amount = request.amount;
    this.pickedChains = request.chains?.length ? request.chains : null;
    this.models = { 'allowance-holder': request.models.includes('allowance-holder'), permit2: request.models.includes('permit2') };
    this.taker = text(request.taker);
    this.slippageBps = text(request.slippageBps);
    this.swapFeeBps = text(request.swapFeeBps);
    this.swapFeeRecipient = text(request.swapFeeRecipient);
    this.profileId = request.profileId ?? profileId;
    this.overrides = request.overrides.map(overrideDraftOf);
    this.#pickedOverrides = [];
  }

  /** The profile a run priced with, as exports name it: its name as last listed, null once unknown (deleted before this window saw it). */
  exportProfile(profileId: string): ExportProfile {
    return { id: profileId, name: this.nameSeen(profileId) };
  }
}
