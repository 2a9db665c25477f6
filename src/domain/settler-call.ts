import { decodeFunctionData, type Hex } from 'viem';
import { SETTLER_ABI } from './settler-abi.ts';

/** A call of SETTLER_ABI as viem decodes it: `functionName` narrows `args`. */
export type SettlerCall = ReturnType<typeof decodeFunctionData<typeof SETTLER_ABI>>;

/**
 * One call of the settler's ABI (its `execute`, Allowance Holder's `exec`, or one of `execute`'s
 * actions), or null when `data` is not one. The one decoding step the Permit2 check
 * (permit2-calldata.ts, which needs the permit's fields) and the support sentences
 * (settler-actions.ts) share: what each makes of `exec` and of the actions differs, so the walk
 * over the call stays in each.
 */
export function decodeSettlerCall(data: Hex): SettlerCall | null {
  try {
    return decodeFunctionData({ abi: SETTLER_ABI, data });
  } catch {
    return null;
  }
}
