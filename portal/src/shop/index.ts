// The shop area's public file: its RPCs and the service that follows payments at the provider.
export { shopRpcs } from './rpc.ts';
export { startShop } from './service.ts';
