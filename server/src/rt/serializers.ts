// The socket's wire formats, given to the bus: realtime/ delivers envelopes, the transport encodes them.
import type { Serializers } from '../realtime/bus.ts';
import { encodeEnvelope } from './protobuf.ts';

export const serializers: Serializers = {
  json: (envelope) => JSON.stringify(envelope),
  protobuf: encodeEnvelope,
};
