// The files area's public file: its RPCs (uploads).
export { fileRpcs } from './rpc.ts';
