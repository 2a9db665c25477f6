import { ServiceFailure } from '../errors.ts';
import type { Team } from '../auth.ts';

/**
 * Refusals configured at start (LocalServiceOptions.blocked) and by plan, each with its spec name:
 *
 * - sell or buy token listed in `blocked.sellTokens` / `blocked.buyTokens`: 422
 *   SELL_TOKEN_NOT_AUTHORIZED_FOR_TRADE / BUY_TOKEN_NOT_AUTHORIZED_FOR_TRADE;
 * - either token listed in `blocked.xStocks` (tokenized stocks the team may not trade): 403
 *   XSTOCKS_NOT_AUTHORIZED;
 * - taker listed in `blocked.takers`: 403 TAKER_NOT_AUTHORIZED_FOR_TRADE;
 * - recipient (the `recipient` parameter, else the taker) listed in `blocked.recipients`: 403
 *   RECIPIENT_NOT_AUTHORIZED_FOR_TRADE;
 * - the calling team (the key's) listed in `blocked.teams`: 400 USER_NOT_AUTHORIZED.
 * Checked in that order, after the tokens are known to be supported. `tradeSurplusRecipient` from a
 * team not on the custom plan is not refused: the service collects the surplus (resolve.ts).
 */

/** Addresses refused per role (any letter case). */
export interface BlockedLists {
  takers?: string[];
  recipients?: string[];
  buyTokens?: string[];
  sellTokens?: string[];
  /** Tokens treated as tokenized stocks (xStocks), which no team is authorized to trade here. */
  xStocks?: string[];
  /** Team names (of `--api-key K:TEAM`) whose requests are refused: the account may not trade. */
  teams?: string[];
}

/** The request fields the checks read. */
export interface CheckedRequest {
  sellToken: string;
  buyToken: string;
  taker?: string | undefined;
  recipient?: string | undefined;
}

function listed(list: string[] | undefined, address: string | undefined): boolean {
  if (!list || !address) return false;
  const needle = address.toLowerCase();
  return list.some((entry) => entry.toLowerCase() === needle);
}

/** Throws the ServiceFailure of the first refusal that applies. */
export function checkAuthorized(request: CheckedRequest, blocked: BlockedLists, team: Team): void {
  if (listed(blocked.sellTokens, request.sellToken)) throw new ServiceFailure('SELL_TOKEN_NOT_AUTHORIZED_FOR_TRADE', `sellToken ${request.sellToken} is not authorized for trade`);
  if (listed(blocked.buyTokens, request.buyToken)) throw new ServiceFailure('BUY_TOKEN_NOT_AUTHORIZED_FOR_TRADE', `buyToken ${request.buyToken} is not authorized for trade`);
  if (listed(blocked.xStocks, request.sellToken) || listed(blocked.xStocks, request.buyToken)) {
    throw new ServiceFailure('XSTOCKS_NOT_AUTHORIZED', 'This team is not authorized to trade xStocks tokens');
  }
  if (listed(blocked.takers, request.taker)) throw new ServiceFailure('TAKER_NOT_AUTHORIZED_FOR_TRADE', `taker ${request.taker} is not authorized for trade`);
  const recipient = request.recipient ?? request.taker;
  if (listed(blocked.recipients, recipient)) throw new ServiceFailure('RECIPIENT_NOT_AUTHORIZED_FOR_TRADE', `recipient ${recipient} is not authorized for trade`);
  if (blocked.teams?.includes(team.name)) throw new ServiceFailure('USER_NOT_AUTHORIZED', `This account (team ${team.name}) is not authorized to make this request`);
}
