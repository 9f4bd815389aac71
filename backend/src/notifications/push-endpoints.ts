import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The browsers' push services, the only hosts a subscription may point to: Google's FCM (Chrome,
 * and Chromium browsers such as Brave, Opera and Samsung Internet), Mozilla autopush (Firefox),
 * Windows Push Notification Services (Edge) and Apple's (Safari). `*.` allows subdomains only.
 */
export const pushServiceHosts = [
  'fcm.googleapis.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  '*.push.apple.com',
] as const;

export type EndpointCheck = { ok: true; url: URL; testService: boolean } | { ok: false; reason: string };

const onPushService = (host: string) =>
  pushServiceHosts.some((allowed) =>
    allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed,
  );

/**
 * Whether the server may ever send to this endpoint: https, on a browser push service, named (no
 * IP address), on the standard port, without a user name or password. `testServiceOrigin`
 * (PUSH_TEST_SERVICE_URL, tests only) is a stand-in push service accepted as it is.
 */
export function checkPushEndpoint(endpoint: string, testServiceOrigin: string | null): EndpointCheck {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: 'The endpoint is not a URL.' };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'A push endpoint must not hold a user name or password.' };
  }
  if (testServiceOrigin !== null && url.origin === testServiceOrigin) {
    return { ok: true, url, testService: true };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'A push endpoint must use https.' };
  if (url.port !== '') return { ok: false, reason: 'A push endpoint must use the standard https port.' };
  // The URL parser writes every IPv4 form (0x7f000001, 2130706433, 127.1) as a dotted address.
  if (url.hostname.startsWith('[') || net.isIP(url.hostname) !== 0) {
    return { ok: false, reason: 'A push endpoint must name a push service, not an IP address.' };
  }
  if (!onPushService(url.hostname)) {
    return {
      ok: false,
      reason: `${url.hostname} is not a browser push service (${pushServiceHosts.join(', ')}).`,
    };
  }
  return { ok: true, url, testService: false };
}

/** A public unicast address: not private, loopback, link-local, unique-local, CGNAT, reserved, multicast… */
export function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';
}

export class PushAddressRefused extends Error {
  constructor(hostname: string, address: string) {
    super(`${hostname} resolves to ${address}, which is not a public address: not sent`);
  }
}

type Resolve = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for the connection itself: it resolves the host and refuses it unless every address
 * is public, so the socket connects only to an address that was checked (no second resolution
 * a rebinding DNS server could answer differently).
 */
export function publicOnlyLookup(resolve: Resolve = dns.lookup): net.LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const refused = addresses.find((candidate) => !isPublicAddress(candidate.address));
      if (refused || addresses.length === 0) {
        return callback(new PushAddressRefused(hostname, refused?.address ?? 'no address'), '');
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
