/**
 * The year statement a property's owners keep: the property, its owner, the account number, each month's sum and status, every payout
 * and the year's totals, as CSV (csv-stringify) or PDF (PDFKit), in Norwegian or English. Amounts arrive as the
 * database's numeric text and are only formatted here, digit by digit: no float ever touches them.
 */
import PDFDocument from 'pdfkit';
import { stringify } from 'csv-stringify/sync';
import type { PayoutStatus } from './payout.entity';

export type StatementLanguage = 'nb' | 'en';

/** Sums of a year, computed by the database in numeric: exact to the øre. */
export interface YearTotals { paid: string; sent: string; pending: string; offset: string; net: string }

export interface StatementData {
  year: number;
  /** The property's name; null for staff holding none (their own, empty statement). */
  property: string | null;
  owner: { name: string; accountNumber: string | null };
  /** Months 1-12: the month's net (offsets subtracted) and the statuses it holds. */
  months: { month: number; total: string; statuses: PayoutStatus[] }[];
  payouts: { month: number; amount: string; currency: string; status: PayoutStatus; rentalDays: number | null; paidDate: string | null; notes: string | null }[];
  totals: YearTotals;
  /** When it was made (the Clock's now), 'YYYY-MM-DD'. */
  madeOn: string;
}

const TEXTS = {
  nb: {
    title: (year: number) => `Årsoppgave utbetalinger ${year}`,
    property: 'Eiendom', owner: 'Eier', account: 'Kontonummer', none: 'Ikke registrert', madeOn: 'Laget',
    month: 'Måned', sum: 'Sum', status: 'Status', amount: 'Beløp', currency: 'Valuta', rentalDays: 'Utleiedager', paidDate: 'Betalt dato', notes: 'Notater',
    months: 'Måneder', details: 'Utbetalinger', totals: 'Totalt', noPayouts: 'Ingen utbetalinger registrert',
    paid: 'Betalt', sent: 'Utbetaling sendt', pending: 'Venter', offset: 'Motregning', net: 'Netto for året',
    monthNames: ['januar', 'februar', 'mars', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'desember'],
  },
  en: {
    title: (year: number) => `Payout statement ${year}`,
    property: 'Property', owner: 'Owner', account: 'Account number', none: 'Not registered', madeOn: 'Made',
    month: 'Month', sum: 'Sum', status: 'Status', amount: 'Amount', currency: 'Currency', rentalDays: 'Rental days', paidDate: 'Paid date', notes: 'Notes',
    months: 'Months', details: 'Payouts', totals: 'Totals', noPayouts: 'No payouts registered',
    paid: 'Paid', sent: 'Payout sent', pending: 'Pending', offset: 'Offset', net: 'Net for the year',
    monthNames: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  },
} as const;

/** '-1234567.50' → '-1 234 567,50' (nb) or '-1,234,567.50' (en): grouping and decimal mark on the text itself. */
export function formatAmount(text: string, lang: StatementLanguage): string {
  const [whole, fraction = '00'] = text.replace(/^-/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'nb' ? ' ' : ',');
  return `${text.startsWith('-') ? '-' : ''}${grouped}${lang === 'nb' ? ',' : '.'}${fraction.padEnd(2, '0')}`;
}

const date = (iso: string | null, lang: StatementLanguage) => (iso ? (lang === 'nb' ? iso.split('-').reverse().join('.') : iso) : '');

/** The year's totals: label and the database's numeric text (an offset counts as a minus). */
function totalsRows(d: StatementData, lang: StatementLanguage): [string, string][] {
  const t = TEXTS[lang];
  return [
    [t.paid, d.totals.paid],
    [t.sent, d.totals.sent],
    [t.pending, d.totals.pending],
    [t.offset, d.totals.offset === '0.00' ? '0.00' : `-${d.totals.offset}`],
    [t.net, d.totals.net],
  ];
}

/** An amount in a CSV row: a number for the spreadsheet, so it is never escaped as text (see csvCast). */
interface AmountCell { amount: string }
type CsvCell = string | number | AmountCell;

/**
 * Formula injection: a spreadsheet runs a text cell that begins with =, +, -, @, tab or CR (or their full-width
 * forms) as a formula. Such a text cell gets a leading ' and is quoted; amounts are written as the numbers they
 * are. The rule is in docs/api.md (CSV exports).
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const csvCast = {
  string: (value: string) => (FORMULA_START.test(value) ? { value: `'${value}`, quoted: true } : value),
  object: (value: Record<string, unknown>) => (value as unknown as AmountCell).amount,
};

/** CSV for a spreadsheet: semicolons and decimal commas in Norwegian (as Norwegian Excel reads them), commas in English. */
export function statementCsv(d: StatementData, lang: StatementLanguage): string {
  const t = TEXTS[lang];
  const amount = (text: string): AmountCell => ({ amount: formatAmount(text, lang) });
  const rows: CsvCell[][] = [
    [t.title(d.year)],
    ...(d.property === null ? [] : [[t.property, d.property]]),
    [t.owner, d.owner.name],
    [t.account, d.owner.accountNumber ?? t.none],
    [t.madeOn, date(d.madeOn, lang)],
    [],
    [t.month, t.sum, t.status],
    ...d.months.map((m) => [t.monthNames[m.month - 1], amount(m.total), m.statuses.map((s) => t[s]).join(', ')]),
    [],
    [t.month, t.amount, t.currency, t.status, t.rentalDays, t.paidDate, t.notes],
    ...d.payouts.map((p) => [t.monthNames[p.month - 1], amount(p.amount), p.currency, t[p.status], p.rentalDays ?? '', date(p.paidDate, lang), p.notes ?? '']),
    [],
    [t.totals],
    ...totalsRows(d, lang).map(([label, value]) => [label, amount(value)]),
  ];
  // A byte order mark, so spreadsheet programs read the file as UTF-8 (æ, ø, å).
  return '\uFEFF' + stringify(rows, { delimiter: lang === 'nb' ? ';' : ',', record_delimiter: 'windows', cast: csvCast });
}

/** The same statement as an A4 PDF in PDFKit's built-in Helvetica (which holds æ, ø and å). */
export function statementPdf(d: StatementData, lang: StatementLanguage, createdAt: Date): Promise<Buffer> {
  const t = TEXTS[lang];
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: t.title(d.year), Author: d.owner.name, CreationDate: createdAt } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const row = (cells: string[], widths: number[], opts: { bold?: boolean; alignRight?: number[] } = {}) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
    const y = doc.y;
    doc.font(opts.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    let x = left;
    let height = 0;
    cells.forEach((cell, i) => {
      const options = { width: widths[i] - 6, align: opts.alignRight?.includes(i) ? ('right' as const) : ('left' as const) };
      doc.text(cell, x, y, options);
      height = Math.max(height, doc.heightOfString(cell, options));
      x += widths[i];
    });
    doc.x = left;
    doc.y = y + height + 4;
  };
  const heading = (text: string) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(text, left).moveDown(0.3);
  };

  doc.font('Helvetica-Bold').fontSize(18).text(t.title(d.year));
  doc.moveDown(0.5).font('Helvetica').fontSize(11);
  if (d.property !== null) doc.text(`${t.property}: ${d.property}`);
  doc.text(`${t.owner}: ${d.owner.name}`);
  doc.text(`${t.account}: ${d.owner.accountNumber ?? t.none}`);
  doc.text(`${t.madeOn}: ${date(d.madeOn, lang)}`);

  heading(t.months);
  const monthWidths = [140, 130, 225];
  row([t.month, `${t.sum} (NOK)`, t.status], monthWidths, { bold: true, alignRight: [1] });
  for (const m of d.months) row([t.monthNames[m.month - 1], formatAmount(m.total, lang), m.statuses.map((s) => t[s]).join(', ')], monthWidths, { alignRight: [1] });

  heading(t.details);
  const detailWidths = [80, 95, 45, 95, 60, 120];
  if (!d.payouts.length) doc.font('Helvetica').fontSize(10).text(t.noPayouts);
  else {
    row([t.month, t.amount, t.currency, t.status, t.rentalDays, t.notes], detailWidths, { bold: true, alignRight: [1, 4] });
    for (const p of d.payouts) row([t.monthNames[p.month - 1], formatAmount(p.amount, lang), p.currency, t[p.status], p.rentalDays === null ? '' : String(p.rentalDays), p.notes ?? ''], detailWidths, { alignRight: [1, 4] });
  }

  heading(t.totals);
  const totalWidths = [200, 130];
  for (const [label, value] of totalsRows(d, lang)) row([label, `${formatAmount(value, lang)} NOK`], totalWidths, { bold: label === t.net, alignRight: [1] });

  doc.end();
  return done;
}
