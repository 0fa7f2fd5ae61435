/** How the back office writes an appointment's time: dd.MM.yyyy HH:mm in Oslo, where the slots are published. */
const format = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

export function osloDateTime(value: string | Date | null | undefined): string {
  if (!value) return '—';
  const p = Object.fromEntries(format.formatToParts(new Date(value)).map((x) => [x.type, x.value]));
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
