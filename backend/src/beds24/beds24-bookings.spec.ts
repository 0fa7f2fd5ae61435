import { channelName } from './beds24-bookings';

describe('Beds24 channel names', () => {
  it('names the known channels and keeps any other word as Beds24 wrote it', () => {
    expect(channelName(' AirbnbICal ')).toBe('Airbnb');
    expect(channelName('booking')).toBe('Booking.com');
    expect(channelName('Finn')).toBe('Finn');
    expect(channelName('')).toBe('Beds24');
  });

  it('takes a word every object inherits as a word, not as the inherited member', () => {
    for (const word of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) expect(channelName(word)).toBe(word);
  });
});
