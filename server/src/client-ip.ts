// The client's address: the peer of the connection, or, when that peer is a trusted proxy
// (TRUSTED_PROXIES), the rightmost address in X-Forwarded-For that is not a trusted proxy.
// Hops left of it were written by the client itself and are never believed.
import type http from 'node:http';
import net from 'node:net';

export type ClientIp = (req: http.IncomingMessage) => string;

/** An IPv4-mapped IPv6 address (::ffff:1.2.3.4) as its IPv4 form; anything else unchanged. */
function plain(address: string): string {
  return address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
}

/**
 * A trusted-proxy list (addresses and CIDR ranges, IPv4 or IPv6) as a BlockList; throws on an entry
 * that is neither, naming it, so the configuration can refuse it at start.
 */
export function proxyList(entries: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const type = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : undefined;
    const max = type === 'ipv4' ? 32 : 128;
    if (!type || extra !== undefined || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= max))) {
      throw new Error(`"${entry}" is not an IP address or CIDR range`);
    }
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

export function clientIpResolver(trustedProxies: string[]): ClientIp {
  const direct: ClientIp = (req) => plain(req.socket.remoteAddress ?? '');
  if (trustedProxies.length === 0) return direct;
  const trusted = proxyList(trustedProxies);
  const isTrusted = (address: string) => {
    const type = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : undefined;
    return type !== undefined && trusted.check(address, type);
  };
  return (req) => {
    let address = direct(req);
    if (!isTrusted(address)) return address;
    // Every X-Forwarded-For header, in order, is one list of hops.
    const raw = req.headers['x-forwarded-for'];
    const hops = (Array.isArray(raw) ? raw.join(',') : raw ?? '').split(',');
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = plain(hops[i].trim());
      // A hop that is no address means a proxy of ours passed on garbage: stop at the last one we trust.
      if (!net.isIP(hop)) return address;
      address = hop;
      if (!isTrusted(hop)) return hop;
    }
    return address;
  };
}
