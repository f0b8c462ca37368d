/**
 * Where a webhook may be delivered: public addresses only, unless WEBHOOK_PRIVATE_TARGETS=true
 * (a self-hosted server whose merchants' receivers are on its own network, or local testing).
 *
 * Why: the URL is the merchant's, the request is the server's. Without this, a merchant key could
 * make the server POST to anything it can reach — loopback (Redis, the worker's ops port), the
 * cloud metadata service at 169.254.169.254, the private network — and read the status and error
 * of every attempt back from the deliveries: a port scanner and a blind-request proxy (SSRF).
 *
 * The check is made on the addresses the connection uses, not on the URL's text: the delivery's
 * own DNS lookup (lookupPublic) refuses a name when any address it resolves to is not public, and
 * the socket connects to the addresses that lookup checked, so a name that resolves to a public
 * address when checked and to 127.0.0.1 when connected (DNS rebinding) cannot get through. An IP
 * literal is checked as it is (Node connects to it without a lookup). Redirects are never followed.
 *
 * Not public (IANA special-purpose registries, RFC 6890 and its updates): unspecified, loopback,
 * private (RFC 1918), carrier-grade NAT (RFC 6598), link-local, IETF protocol assignments,
 * documentation, benchmarking, multicast, reserved and broadcast for IPv4; for IPv6 the
 * unspecified and loopback addresses, unique-local (fc00::/7), link-local (fe80::/10), site-local
 * (fec0::/10), multicast, documentation, discard-only, local-use NAT64 (64:ff9b:1::/48), Teredo
 * (2001::/32), and IPv4 inside IPv6 (mapped, translated, compatible, NAT64 64:ff9b::/96, 6to4
 * 2002::/16) judged by the IPv4 address it carries.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const V4: [string, number, string][] = [
  ['0.0.0.0', 8, 'an unspecified ("this network") address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a carrier-grade NAT address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local address, where cloud metadata services answer'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'an IETF protocol assignment'],
  ['192.0.2.0', 24, 'a documentation address'],
  ['192.88.99.0', 24, 'a 6to4 relay anycast address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a benchmarking address'],
  ['198.51.100.0', 24, 'a documentation address'],
  ['203.0.113.0', 24, 'a documentation address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved address'],
];

const V6: [string, number, string][] = [
  ['::', 128, 'the unspecified address'],
  ['::1', 128, 'a loopback address'],
  ['100::', 64, 'a discard-only address'],
  ['2001::', 32, 'a Teredo tunnel address'],
  ['2001:db8::', 32, 'a documentation address'],
  ['64:ff9b:1::', 48, 'a local-use NAT64 address'],
  ['fc00::', 7, 'a unique-local (private) address'],
  ['fe80::', 10, 'a link-local address'],
  ['fec0::', 10, 'a site-local address'],
  ['ff00::', 8, 'a multicast address'],
];

const v4Ranges = V4.map(([net, prefix, reason]) => ({ list: blockOf(net, prefix, 'ipv4'), reason }));
const v6Ranges = V6.map(([net, prefix, reason]) => ({ list: blockOf(net, prefix, 'ipv6'), reason }));

function blockOf(net: string, prefix: number, type: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  list.addSubnet(net, prefix, type);
  return list;
}

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, translated ::ffff:0:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002:AABB:CCDD::/48), or null. */
function embeddedV4(address: string): string | null {
  const words = expandV6(address);
  if (words === null) return null;
  const zeros = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  if (zeros(0, 5) && (words[5] === 0xffff || words[5] === 0)) return v4(words[6]!, words[7]!);
  if (zeros(0, 4) && words[4] === 0xffff && words[5] === 0) return v4(words[6]!, words[7]!); // IPv4-translated ::ffff:0:a.b.c.d
  if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) return v4(words[6]!, words[7]!);
  if (words[0] === 0x2002) return v4(words[1]!, words[2]!);
  return null;
}

/** The eight 16-bit words of an IPv6 address (a trailing dotted IPv4 part included), or null. */
function expandV6(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const b = dotted[1]!.split('.').map(Number);
    text = text.slice(0, -dotted[1]!.length) + `${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string) => (s === '' ? [] : s.split(':').map((w) => Number.parseInt(w, 16)));
  const h = part(head);
  const t = tail === undefined ? [] : part(tail);
  const fill = tail === undefined ? 0 : 8 - h.length - t.length;
  const words = [...h, ...new Array<number>(Math.max(fill, 0)).fill(0), ...t];
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? words : null;
}

/** Why `address` (an IP address) is not a public one, or null when it is. */
export function nonPublicReason(raw: string): string | null {
  const address = raw.split('%')[0]!; // an IPv6 zone (fe80::1%eth0) names an interface, not an address
  const family = isIP(address);
  if (family === 4) {
    if (address === '255.255.255.255') return `${address} is the broadcast address`;
    const hit = v4Ranges.find((r) => r.list.check(address, 'ipv4'));
    return hit ? `${address} is ${hit.reason}` : null;
  }
  if (family === 6) {
    const hit = v6Ranges.find((r) => r.list.check(address, 'ipv6'));
    if (hit) return `${address} is ${hit.reason}`;
    const v4 = embeddedV4(address);
    const inner = v4 === null ? null : nonPublicReason(v4);
    return inner === null ? null : `${address} carries ${inner}`;
  }
  return `${raw} is not an IP address`;
}

/**
 * Why a URL's host, as written, is not public (an IP literal that is not, or a localhost name), or
 * null; a name is checked again, by the addresses it resolves to, at each delivery (lookupPublic).
 */
export function hostProblem(url: URL): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (isIP(host)) return nonPublicReason(host);
  const name = host.replace(/\.+$/, ''); // a fully qualified name's final dot names the same host
  if (name === 'localhost' || name.endsWith('.localhost')) return `${host} names this machine`;
  return null;
}

/** The error of a lookup refused by lookupPublic (code EWEBHOOKTARGET; its message says why). */
export class NonPublicTarget extends Error {
  readonly code = 'EWEBHOOKTARGET';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net.connect / http.request: dns.lookup, refused (NonPublicTarget) when any of
 * the name's addresses is not public; otherwise the addresses as dns.lookup gives them.
 */
export function lookupPublic(hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    for (const a of addresses) {
      const reason = nonPublicReason(a.address);
      if (reason !== null) return callback(new NonPublicTarget(`refused: ${hostname} resolves to ${reason}; webhooks go to public addresses only`), '');
    }
    if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
    if ((options as LookupAllOptions).all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}
