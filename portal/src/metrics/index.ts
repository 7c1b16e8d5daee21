// The metrics area's public file: its RPCs.
export { metricRpcs } from './rpc.ts';
