import { describeUserAgent, ipPrefix } from './request-context';

describe('request context', () => {
  it('cuts IPv4 to its /24 and IPv6 to its /48', () => {
    expect(ipPrefix('192.0.2.77')).toBe('192.0.2.0/24');
    expect(ipPrefix('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(ipPrefix('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(ipPrefix('::1')).toBe('0:0:0::/48');
    expect(ipPrefix('not an address')).toBeNull();
    expect(ipPrefix(undefined)).toBeNull();
  });

  it('names browser and system from the User-Agent', () => {
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
    expect(describeUserAgent(firefox)).toEqual({ browser: 'Firefox 128', os: 'Windows 10' });
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    expect(describeUserAgent(iphone).browser).toBe('Safari 17');
    expect(describeUserAgent(iphone).os).toMatch(/^iOS/);
    expect(describeUserAgent(undefined)).toEqual({ browser: null, os: null });
  });
});
