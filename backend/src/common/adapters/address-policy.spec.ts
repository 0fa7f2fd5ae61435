import { isBlockedAddress } from './address-policy';

describe('isBlockedAddress', () => {
  it('blocks loopback, private, link-local, CGNAT, this-network, multicast and reserved IPv4', () => {
    for (const ip of [
      '127.0.0.1',
      '127.255.0.9',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
      '0.1.2.3',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
    ]) {
      expect([ip, isBlockedAddress(ip)]).toEqual([ip, true]);
    }
  });

  it('allows public IPv4, including neighbours of the blocked ranges', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '192.169.0.1', '11.0.0.1']) {
      expect([ip, isBlockedAddress(ip)]).toEqual([ip, false]);
    }
  });

  it('blocks IPv6 loopback, unspecified, unique-local, link-local and multicast', () => {
    for (const ip of ['::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'ff02::1']) {
      expect([ip, isBlockedAddress(ip)]).toEqual([ip, true]);
    }
  });

  it('judges IPv6 forms that embed IPv4 by the embedded address', () => {
    for (const ip of ['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '::127.0.0.1', '64:ff9b::a00:1', '2002:c0a8:101::1']) {
      expect([ip, isBlockedAddress(ip)]).toEqual([ip, true]);
    }
    for (const ip of ['::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1']) {
      expect([ip, isBlockedAddress(ip)]).toEqual([ip, false]);
    }
  });

  it('allows public IPv6 and refuses anything that is not an IP address', () => {
    expect(isBlockedAddress('2001:4860:4860::8888')).toBe(false);
    expect(isBlockedAddress('2a00:1450:4001:80b::200e')).toBe(false);
    expect(isBlockedAddress('localhost')).toBe(true);
    expect(isBlockedAddress('')).toBe(true);
  });
});
