/**
 * IP allowlists of live keys: addresses and CIDR blocks, IPv4 and IPv6, checked with node's
 * net.BlockList. An IPv4 client seen as an IPv4-mapped IPv6 address (::ffff:203.0.113.7, what a
 * dual-stack socket reports) is checked as the IPv4 address it is.
 */
import { BlockList, isIP } from 'node:net';

export const ALLOWLIST_MAX = 50;

/** The entry in canonical form ('203.0.113.0/24', '2001:db8::/32', '198.51.100.7'), or a problem. */
export function parseAllowEntry(raw: string): { ok: true; entry: string } | { ok: false; problem: string } {
  const [addr = '', bits, extra] = raw.trim().split('/');
  const family = isIP(addr);
  if (!family || extra !== undefined) return { ok: false, problem: `'${raw.slice(0, 60)}' is not an IPv4 or IPv6 address or CIDR block` };
  if (bits === undefined) return { ok: true, entry: addr.toLowerCase() };
  const max = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return { ok: false, problem: `'${raw.slice(0, 60)}': the prefix length must be 0 to ${max}` };
  return { ok: true, entry: `${addr.toLowerCase()}/${Number(bits)}` };
}

export function parseAllowlist(raw: string[]): { ok: true; list: string[] } | { ok: false; problems: string[] } {
  const list: string[] = [];
  const problems: string[] = [];
  for (const r of raw) {
    const p = parseAllowEntry(r);
    if (p.ok) {
      if (!list.includes(p.entry)) list.push(p.entry);
    } else problems.push(p.problem);
  }
  if (list.length > ALLOWLIST_MAX) problems.push(`at most ${ALLOWLIST_MAX} entries`);
  return problems.length ? { ok: false, problems } : { ok: true, list };
}

/** The client address as the allowlist reads it: IPv4-mapped IPv6 becomes IPv4. */
export function clientAddress(ip: string): string {
  const m = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return m ? m[1]! : ip;
}

/** Whether `ip` is inside the list; an empty list allows every address. */
export function allowlistAllows(list: string[], ip: string): boolean {
  if (list.length === 0) return true;
  const address = clientAddress(ip);
  const family = isIP(address);
  if (!family) return false;
  const blocks = new BlockList();
  for (const entry of list) {
    const [addr, bits] = entry.split('/') as [string, string | undefined];
    const type = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) blocks.addAddress(addr, type);
    else blocks.addSubnet(addr, Number(bits), type);
  }
  return blocks.check(address, family === 6 ? 'ipv6' : 'ipv4');
}
