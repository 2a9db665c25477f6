import { parseAbi } from 'viem';

/**
 * The ABI of the calldata the local service puts in a quote's `transaction.data`, shaped like the
 * service's real settlement contracts so that a decoder can read it back:
 *
 * - `execute(slippage, actions, zidAndAffiliate)` is the settler's entry point. `slippage` carries
 *   the recipient, the buy token and `minAmountOut` (the quote's minBuyAmount); `zidAndAffiliate`
 *   packs the request's zid (12 bytes) and the affiliate (20 bytes: the first swapFeeRecipient or
 *   the zero address). Each entry of `actions` is itself ABI-encoded as a call of one of the action
 *   functions below, executed in order.
 * - `exec(operator, token, amount, target, data)` is the Allowance Holder's entry point: it holds the
 *   taker's allowance for `token` for the duration of the call and forwards `data` (an `execute`
 *   call) to `target`, the settler.
 * - On Permit2 the taker signs the permit of the TRANSFER_FROM action and appends the signature
 *   length (32 bytes) and the signature to the data; decoders ignore trailing bytes.
 */
export const SETTLER_ABI = parseAbi([
  'struct AllowedSlippage { address recipient; address buyToken; uint256 minAmountOut; }',
  'struct TokenPermissions { address token; uint256 amount; }',
  'struct PermitTransferFrom { TokenPermissions permitted; uint256 nonce; uint256 deadline; }',
  'function execute(AllowedSlippage slippage, bytes[] actions, bytes32 zidAndAffiliate) payable returns (bool)',
  'function exec(address operator, address token, uint256 amount, address target, bytes data) payable returns (bytes)',
  // Actions: pull the sell token (Permit2 permit or Allowance Holder transfer), check a native sell,
  // wrap or unwrap, fill through one pool, pay an integrator fee, route surplus, sell a whole balance.
  'function TRANSFER_FROM(address recipient, PermitTransferFrom permit, bytes sig)',
  'function NATIVE_CHECK(uint256 deadline, uint256 msgValue)',
  'function WRAP(address wrappedNative, uint256 amount)',
  'function UNWRAP(address wrappedNative, uint256 amount)',
  'function FILL(address sellToken, address buyToken, uint256 proportionBps, bytes32 source, address pool)',
  'function FEE(address recipient, address token, uint256 bps)',
  'function POSITIVE_SLIPPAGE(address recipient, address token, uint256 maxBps)',
  'function SELL_ENTIRE_BALANCE(address token, uint256 maxAmount)',
]);

/** The wrapped-native token's own functions, called directly for wrap/unwrap in `direct` mode. */
export const WRAPPED_NATIVE_ABI = parseAbi(['function deposit() payable', 'function withdraw(uint256 wad)']);

/**
 * Every call a quote's `transaction.data` makes: the settler's (through the Allowance Holder or not),
 * or, for a wrap or unwrap in `direct` mode (the spec's default `wrapUnwrapMode`), the wrapped-native
 * token's own deposit()/withdraw(wad). Decoders read with this one, so a direct wrap is read as the
 * call it is, not reported as calldata that does not decode. No selector is in both.
 */
export const QUOTE_CALLDATA_ABI = [...SETTLER_ABI, ...WRAPPED_NATIVE_ABI];
