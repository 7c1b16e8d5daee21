// Types of @heroiclabs/nakama-js-protobuf, whose package.json "exports" hides its own .d.ts files.
declare module '@heroiclabs/nakama-js-protobuf' {
  import type { WebSocketAdapter } from '@heroiclabs/nakama-js';

  /** The official adapter for `format=protobuf` sockets: binary nakama.realtime.Envelope frames. */
  export const WebSocketAdapterPb: new () => WebSocketAdapter;
}
