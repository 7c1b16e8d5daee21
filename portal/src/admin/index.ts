// The admin area's public file: its RPCs (whether the caller is a site administrator), and the check that
// keeps the administrators' RPCs (metrics) to them.
export { requireSiteAdmin } from './access.ts';
export { adminRpcs } from './rpc.ts';
