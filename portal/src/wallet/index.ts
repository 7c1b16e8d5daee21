// The wallet area's public file: its RPCs and the coin's currency code.
export { COIN, walletRpcs } from './rpc.ts';
