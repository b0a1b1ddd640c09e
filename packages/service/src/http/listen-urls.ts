/**
 * The URLs a listening server can be reached at: for a wildcard address (0.0.0.0, ::) one per
 * interface address, loopback first, so the start banner names real addresses rather than guessing.
 */
import type { NetworkInterfaceInfo } from 'node:os';

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

function urlOf(address: string, port: number, basePath: string): string {
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}${basePath}`;
}

/**
 * URLs for a server bound to `host`:`port`. `interfaces` is os.networkInterfaces(); 0.0.0.0 lists
 * the IPv4 addresses, :: (dual stack) the IPv6 ones too. Link-local IPv6 addresses are left out
 * (they need a zone to be usable in a URL).
 */
export function listeningUrls(host: string, port: number, basePath: string, interfaces: Interfaces): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [urlOf(host, port, basePath)];
  const addresses = Object.values(interfaces)
    .flatMap((infos) => infos ?? [])
    .filter((info) => info.family === 'IPv4' || (host === '::' && !info.address.toLowerCase().startsWith('fe80:')))
    // Loopback first, then IPv4 before IPv6, each in the order the system lists them.
    .map((info, order) => ({ info, order }))
    .sort(
      (a, b) =>
        Number(b.info.internal) - Number(a.info.internal) ||
        Number(a.info.family !== 'IPv4') - Number(b.info.family !== 'IPv4') ||
        a.order - b.order,
    )
    .map(({ info }) => urlOf(info.address, port, basePath));
  const unique = [...new Set(addresses)];
  return unique.length > 0 ? unique : [urlOf(host === '::' ? '::1' : '127.0.0.1', port, basePath)];
}
