import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { listeningUrls } from '../../src/http/listen-urls.js';

const info = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo;

const interfaces = {
  eth0: [info('10.0.0.5', 'IPv4'), info('fe80::1', 'IPv6'), info('2001:db8::5', 'IPv6')],
  lo: [info('127.0.0.1', 'IPv4', true), info('::1', 'IPv6', true)],
  docker0: [info('172.17.0.1', 'IPv4')],
};

describe('listeningUrls', () => {
  it('names the bound host as it is', () => {
    expect(listeningUrls('127.0.0.1', 8080, '/v1', interfaces)).toEqual(['http://127.0.0.1:8080/v1']);
    expect(listeningUrls('::1', 8080, '/v1', interfaces)).toEqual(['http://[::1]:8080/v1']);
  });

  it('lists every IPv4 address for 0.0.0.0, loopback first', () => {
    expect(listeningUrls('0.0.0.0', 80, '/v1', interfaces)).toEqual([
      'http://127.0.0.1:80/v1',
      'http://10.0.0.5:80/v1',
      'http://172.17.0.1:80/v1',
    ]);
  });

  it('adds the routable IPv6 addresses for ::, not link-local ones', () => {
    expect(listeningUrls('::', 80, '/v1', interfaces)).toEqual([
      'http://127.0.0.1:80/v1',
      'http://[::1]:80/v1',
      'http://10.0.0.5:80/v1',
      'http://172.17.0.1:80/v1',
      'http://[2001:db8::5]:80/v1',
    ]);
  });

  it('falls back to loopback when the system lists no interface', () => {
    expect(listeningUrls('0.0.0.0', 80, '/v1', {})).toEqual(['http://127.0.0.1:80/v1']);
  });
});
