import { classifyEvent } from './classify';

describe('classifyEvent', () => {
  it('tells Airbnb reservations from blocks and reads the code and phone digits', () => {
    expect(
      classifyEvent('Reserved', 'Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMTEST0001\nPhone Number (Last 4 Digits): 4821'),
    ).toEqual({ kind: 'booking', reservationCode: 'HMTEST0001', phoneLast4: '4821' });
    expect(classifyEvent('Airbnb (Not available)', null)).toEqual({ kind: 'block' });
    expect(classifyEvent('Reserved', 'https://www.airbnb.fr/reservation/itinerary?code=HMOLD12345')).toEqual({
      kind: 'booking',
      reservationCode: 'HMOLD12345',
    });
  });

  it('treats Booking.com closures as blocks and VRBO/Abritel titles by their prefix', () => {
    expect(classifyEvent('CLOSED - Not available', null).kind).toBe('block');
    expect(classifyEvent('Reserved - Kari', null).kind).toBe('booking');
    expect(classifyEvent('Réservée - Jean', null).kind).toBe('booking');
    expect(classifyEvent('Blocked', null).kind).toBe('block');
    expect(classifyEvent('Indisponible', null).kind).toBe('block');
  });

  it('leaves other titles as plain events', () => {
    expect(classifyEvent('Vask', null).kind).toBe('event');
    expect(classifyEvent('Reservedness', null).kind).toBe('event');
  });
});
