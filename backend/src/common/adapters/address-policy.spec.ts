import os from 'node:os';
import { isBlockedAddress } from './address-policy';

const blocked = (ips: string[]) => {
  for (const ip of ips) expect([ip, isBlockedAddress(ip)]).toEqual([ip, true]);
};
const allowed = (ips: string[]) => {
  for (const ip of ips) expect([ip, isBlockedAddress(ip)]).toEqual([ip, false]);
};

describe('isBlockedAddress', () => {
  it('blocks loopback, private, link-local, CGNAT, this-network, multicast and reserved IPv4', () => {
    blocked([
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
      '240.0.0.1',
      '255.255.255.254',
      '255.255.255.255',
    ]);
  });

  it('blocks the other IANA special-purpose IPv4 ranges, documentation included', () => {
    blocked([
      '192.0.0.1', // IETF protocol assignments 192.0.0.0/24
      '192.0.0.170', // NAT64 discovery
      '192.0.2.1', // TEST-NET-1
      '198.51.100.7', // TEST-NET-2
      '203.0.113.255', // TEST-NET-3
      '198.18.0.1', // benchmarking 198.18.0.0/15
      '198.19.255.255',
      '192.88.99.1', // 6to4 relay anycast
      '192.31.196.1', // AS112
      '192.175.48.1', // AS112
      '192.52.193.1', // AMT
    ]);
  });

  it('allows public IPv4, including neighbours of the blocked ranges', () => {
    allowed(['8.8.8.8', '1.1.1.1', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '192.169.0.1', '11.0.0.1']);
    allowed(['192.0.1.255', '192.0.3.0', '198.17.255.255', '198.20.0.0', '198.51.99.255', '198.51.101.0', '203.0.112.255', '203.0.114.0', '223.255.255.255']);
  });

  it('blocks IPv6 loopback, unspecified, unique-local, link-local, site-local and multicast', () => {
    blocked(['::1', '::', '0:0:0:0:0:0:0:1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'febf::1', 'fec0::1', 'ff02::1', 'ff0e::1']);
  });

  it('blocks the other IANA special-purpose IPv6 ranges, documentation included', () => {
    blocked([
      '64:ff9b::808:808', // NAT64 well-known prefix 64:ff9b::/96, even around a public IPv4 address
      '64:ff9b::8.8.8.8',
      '64:ff9b:1::1', // local-use NAT64 64:ff9b:1::/48
      '100::1', // discard-only 100::/64
      '100:0:0:1::1', // dummy prefix 100:0:0:1::/64
      '2001::1', // Teredo, in IETF protocol assignments 2001::/23
      '2001:2::1', // benchmarking
      '2001:3::1', // AMT
      '2001:4:112::1', // AS112-v6
      '2001:10::1', // ORCHID
      '2001:20::1', // ORCHIDv2
      '2001:1ff:ffff::1', // end of 2001::/23
      '2001:db8::1', // documentation 2001:db8::/32
      '2001:db8:ffff:ffff::1',
      '3fff::1', // documentation 3fff::/20
      '2002:808:808::1', // 6to4 2002::/16, even around a public IPv4 address
      '2620:4f:8000::1', // AS112
      '5f00::1', // segment routing SIDs
      '::ffff:0:808:808', // IPv4-translated (RFC 6145)
    ]);
  });

  it('judges IPv4-mapped IPv6 by the IPv4 address inside, and refuses IPv4-compatible forms', () => {
    blocked(['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '::ffff:192.0.2.1', '::ffff:203.0.113.9', '::ffff:100.64.0.1', '::ffff:255.255.255.255']);
    blocked(['::127.0.0.1', '::8.8.8.8', '::808:808', '::1.1.1.1']);
    allowed(['::ffff:8.8.8.8', '::ffff:808:808', '::ffff:1.1.1.1']);
  });

  it('allows public IPv6, including neighbours of the blocked ranges', () => {
    allowed(['2606:4700::1111', '2001:4860:4860::8888', '2a00:1450:4001:80b::200e', '2001:200::1', '2001:db9::1', '2003::1', '2620:4f:8001::1', '64:ff9a::1']);
  });

  it('refuses anything that is not a plain IP address', () => {
    blocked(['localhost', '', 'example.com', '127.1', '0x7f.0.0.1', '017700000001', '[::1]', '8.8.8.8/32', '8.8.8.8 ']);
  });

  it("blocks every address of the host's own interfaces", () => {
    const own = Object.values(os.networkInterfaces()).flatMap((entries) => (entries ?? []).map((e) => e.address));
    expect(own).toContain('127.0.0.1');
    blocked(own);
  });

  it('blocks an otherwise public address the host holds, reading the interfaces once', async () => {
    const interfaces = jest.spyOn(os, 'networkInterfaces').mockReturnValue({
      eth1: [{ address: '8.8.4.4', netmask: '255.255.255.0', family: 'IPv4', mac: '02:00:00:00:00:01', internal: false, cidr: '8.8.4.4/24' }],
      eth2: [{ address: '2606:4700:0:0::64', netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6', mac: '02:00:00:00:00:02', internal: false, cidr: '2606:4700::64/64', scopeid: 0 }],
    });
    try {
      await jest.isolateModulesAsync(async () => {
        const fresh = await import('./address-policy.js');
        for (const ip of ['8.8.4.4', '::ffff:8.8.4.4', '2606:4700::64', '2606:4700:0:0:0:0:0:64']) expect([ip, fresh.isBlockedAddress(ip)]).toEqual([ip, true]);
        for (const ip of ['8.8.8.8', '2606:4700::1111']) expect([ip, fresh.isBlockedAddress(ip)]).toEqual([ip, false]);
      });
      expect(interfaces).toHaveBeenCalledTimes(1);
    } finally {
      interfaces.mockRestore();
    }
  });
});
