import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { pythonIcalendar, runPythonJson } from '../readers/python';

export interface ReceivedMail { from: string; to: string[]; data: string }

/** A local SMTP server on 127.0.0.1 that keeps every message it receives, as the real one would get it. */
export async function startSmtpServer(): Promise<{ url: string; received: ReceivedMail[]; close: () => Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString() });
        cb();
      });
    },
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((ok) => server.close(() => ok())) };
}

export { pythonIcalendar };

export interface ParsedMail {
  to: string;
  subject: string;
  text: string;
  /** Every text/calendar alternative and .ics attachment, each read by python3-icalendar. */
  calendars: { contentType: string; method: string | null; filename: string | null; events: { uid: string; sequence: number; summary: string; start: string; end: string; location: string | null; status: string | null; attendees: string[]; organizer: string | null }[]; calendarMethod: string | null }[];
}

/** Reads a received message with Python's email package and python3-icalendar. */
export function parseMail(raw: string): ParsedMail {
  const script = `
import sys, json, email, email.policy, datetime, icalendar
msg = email.message_from_bytes(sys.stdin.buffer.read(), policy=email.policy.default)
utc = lambda d: d.astimezone(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')
out = {'to': str(msg['To']), 'subject': str(msg['Subject']), 'text': '', 'calendars': []}
for part in msg.walk():
    ctype = part.get_content_type()
    if part.is_multipart():
        continue
    if ctype == 'text/plain' and not out['text']:
        out['text'] = part.get_content()
    elif ctype in ('text/calendar', 'application/ics'):
        body = part.get_payload(decode=True)
        cal = icalendar.Calendar.from_ical(body)
        events = []
        for e in cal.walk('VEVENT'):
            att = e.get('ATTENDEE')
            att = att if isinstance(att, list) else ([att] if att else [])
            events.append({'uid': str(e['UID']), 'sequence': int(e.get('SEQUENCE', 0)), 'summary': str(e['SUMMARY']),
              'start': utc(e.decoded('DTSTART')), 'end': utc(e.decoded('DTEND')),
              'location': str(e['LOCATION']) if e.get('LOCATION') else None, 'status': str(e['STATUS']) if e.get('STATUS') else None,
              'attendees': [str(a) for a in att], 'organizer': str(e['ORGANIZER']) if e.get('ORGANIZER') else None})
        out['calendars'].append({'contentType': ctype, 'method': part.get_param('method'), 'filename': part.get_filename(),
          'calendarMethod': str(cal['METHOD']) if cal.get('METHOD') else None, 'events': events})
print(json.dumps(out))`;
  return runPythonJson(script, raw);
}
