/**
 * The year statement a property's owners keep: the property, its owner, the account number, each month's sum and status, every payout
 * and the year's totals, then the sections other parts add (the year's figures and nights per channel: insights), as
 * CSV (csv-stringify) or PDF (PDFKit), in Norwegian or English. For a reader holding a share of the property, every
 * amount column has a column with their share beside it. Amounts arrive as decimal text and are only formatted (and
 * shared) here, digit by digit: no float ever touches them.
 */
import PDFDocument from 'pdfkit';
import { stringify } from 'csv-stringify/sync';
import type { PayoutStatus } from './payout.entity';
import { shareOf, type YearFigures } from './year-figures';

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
  /** The reader's share of the property in percent (numeric text) when below 100: each amount gets its share beside it. */
  share?: string | null;
  /**
   * The sections after the payouts' own (months, payouts, totals), in order: the seam where other parts add theirs
   * (the year's figures and nights per channel, figureSections; the payout lines).
   */
  sections: StatementSection[];
}

/** A cell: text, a count, or an amount (decimal text, formatted for the language; its share is made from it). */
export type StatementCell = string | number | { amount: string };

export interface StatementColumn {
  label: string;
  /** The PDF's heading where it differs (a unit, a shorter word). */
  pdfLabel?: string;
  /** The column's width in the PDF in points (scaled down together when the table is wider than the page). */
  width: number;
  /** Its amount cells get the reader's share in a column beside it. */
  amount?: boolean;
  right?: boolean;
  /** Appended to its amounts in the PDF ('NOK'). */
  unit?: string;
  /** Left out of the PDF (kept in the CSV). */
  csvOnly?: boolean;
}

/** One table of the statement, in the statement's language. */
export interface StatementTable {
  title: string;
  columns: StatementColumn[];
  rows: StatementCell[][];
  /** Without a heading row (label and value pairs). */
  noHeader?: boolean;
  /** Said instead of the table when it has no rows. */
  empty?: string;
  /** The rows drawn in bold in the PDF. */
  boldRows?: number[];
}

/** A part of the statement: its table in a language. */
export type StatementSection = (lang: StatementLanguage) => StatementTable;

const TEXTS = {
  nb: {
    title: (year: number) => `Årsoppgave utbetalinger ${year}`,
    property: 'Eiendom', owner: 'Eier', account: 'Kontonummer', none: 'Ikke registrert', madeOn: 'Laget',
    month: 'Måned', sum: 'Sum', status: 'Status', amount: 'Beløp', currency: 'Valuta', rentalDays: 'Utleiedager', paidDate: 'Betalt dato', notes: 'Notater',
    months: 'Måneder', details: 'Utbetalinger', totals: 'Totalt', noPayouts: 'Ingen utbetalinger registrert',
    paid: 'Betalt', sent: 'Utbetaling sendt', pending: 'Venter', offset: 'Motregning', net: 'Netto for året',
    yourShare: (share: string) => `Din andel (${share.replace('.', ',')} %)`,
    figures: 'Årets tall', figure: 'Tall', byMonth: 'Måned for måned', channels: 'Netter per kanal', channel: 'Kanal', nights: 'Netter',
    ofBooked: 'Andel av bookede netter', noNights: 'Ingen bookede netter', nightsAvailable: 'Ledige netter', nightsBooked: 'Bookede netter',
    ownerNights: 'Eiernetter', occupancy: 'Belegg', payoutTotal: 'Utbetalt (netto)', perNight: 'Utbetalt per bookede natt', available: 'Ledige', booked: 'Bookede',
    monthNames: ['januar', 'februar', 'mars', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'desember'],
  },
  en: {
    title: (year: number) => `Payout statement ${year}`,
    property: 'Property', owner: 'Owner', account: 'Account number', none: 'Not registered', madeOn: 'Made',
    month: 'Month', sum: 'Sum', status: 'Status', amount: 'Amount', currency: 'Currency', rentalDays: 'Rental days', paidDate: 'Paid date', notes: 'Notes',
    months: 'Months', details: 'Payouts', totals: 'Totals', noPayouts: 'No payouts registered',
    paid: 'Paid', sent: 'Payout sent', pending: 'Pending', offset: 'Offset', net: 'Net for the year',
    yourShare: (share: string) => `Your share (${share}%)`,
    figures: 'The year in figures', figure: 'Figure', byMonth: 'Month by month', channels: 'Nights per channel', channel: 'Channel', nights: 'Nights',
    ofBooked: 'Share of booked nights', noNights: 'No booked nights', nightsAvailable: 'Nights available', nightsBooked: 'Nights booked',
    ownerNights: 'Owner nights', occupancy: 'Occupancy', payoutTotal: 'Paid out (net)', perNight: 'Paid out per booked night', available: 'Available', booked: 'Booked',
    monthNames: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  },
} as const;

/** '-1234567.50' → '-1 234 567,50' (nb) or '-1,234,567.50' (en): grouping and decimal mark on the text itself. */
export function formatAmount(text: string, lang: StatementLanguage): string {
  const [whole, fraction = '00'] = text.replace(/^-/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'nb' ? ' ' : ',');
  return `${text.startsWith('-') ? '-' : ''}${grouped}${lang === 'nb' ? ',' : '.'}${fraction.padEnd(2, '0')}`;
}

/** A ratio 0-1 as a percent with one decimal: '45,2 %' (nb), '45.2%' (en); '–' for none. */
export function formatPercent(ratio: number | null, lang: StatementLanguage): string {
  if (ratio === null) return '–';
  const text = (Math.round(ratio * 1000) / 10).toFixed(1);
  return lang === 'nb' ? `${text.replace('.', ',')} %` : `${text}%`;
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

/** The payouts' own sections: each month's net and statuses, every payout, the year's totals. */
function payoutSections(d: StatementData): StatementSection[] {
  return [
    (lang) => {
      const t = TEXTS[lang];
      return {
        title: t.months,
        columns: [{ label: t.month, width: 140 }, { label: t.sum, pdfLabel: `${t.sum} (NOK)`, width: 130, amount: true, right: true }, { label: t.status, width: 225 }],
        rows: d.months.map((m) => [t.monthNames[m.month - 1], { amount: m.total }, m.statuses.map((s) => t[s]).join(', ')]),
      };
    },
    (lang) => {
      const t = TEXTS[lang];
      return {
        title: t.details,
        columns: [
          { label: t.month, width: 80 }, { label: t.amount, width: 95, amount: true, right: true }, { label: t.currency, width: 45 }, { label: t.status, width: 95 },
          { label: t.rentalDays, width: 60, right: true }, { label: t.paidDate, width: 0, csvOnly: true }, { label: t.notes, width: 120 },
        ],
        rows: d.payouts.map((p) => [t.monthNames[p.month - 1], { amount: p.amount }, p.currency, t[p.status], p.rentalDays ?? '', date(p.paidDate, lang), p.notes ?? '']),
        empty: t.noPayouts,
      };
    },
    (lang) => {
      const t = TEXTS[lang];
      const rows = totalsRows(d, lang);
      return {
        title: t.totals,
        noHeader: true,
        columns: [{ label: '', width: 200 }, { label: t.amount, width: 130, amount: true, right: true, unit: 'NOK' }],
        rows: rows.map(([label, value]) => [label, { amount: value }]),
        boldRows: [rows.length - 1],
      };
    },
  ];
}

/**
 * The year's figures for the statement (docs/product/insights.md#the-year-statement): the year against the one
 * before, month by month, and the booked nights per channel.
 */
export function figureSections(year: YearFigures, before: YearFigures): StatementSection[] {
  const money = (text: string | null): StatementCell => (text === null ? '–' : { amount: text });
  return [
    (lang) => {
      const t = TEXTS[lang];
      return {
        title: t.figures,
        columns: [{ label: t.figure, width: 195 }, { label: String(year.year), width: 110, right: true, amount: true }, { label: String(before.year), width: 110, right: true, amount: true }],
        rows: [
          [t.nightsAvailable, year.nightsAvailable, before.nightsAvailable],
          [t.nightsBooked, year.nightsBooked, before.nightsBooked],
          [t.ownerNights, year.ownerNights, before.ownerNights],
          [t.occupancy, formatPercent(year.occupancy, lang), formatPercent(before.occupancy, lang)],
          [t.payoutTotal, money(year.payoutTotal), money(before.payoutTotal)],
          [t.perNight, money(year.payoutPerBookedNight), money(before.payoutPerBookedNight)],
        ],
      };
    },
    (lang) => {
      const t = TEXTS[lang];
      return {
        title: t.byMonth,
        columns: [
          { label: t.month, width: 80 }, { label: t.nightsAvailable, pdfLabel: t.available, width: 55, right: true }, { label: t.nightsBooked, pdfLabel: t.booked, width: 55, right: true },
          { label: t.ownerNights, width: 65, right: true }, { label: t.occupancy, width: 60, right: true },
          { label: `${t.payoutTotal} ${year.year}`, width: 90, right: true, amount: true }, { label: `${t.payoutTotal} ${before.year}`, width: 90, right: true, amount: true },
        ],
        rows: year.byMonth.map((m, i) => [
          t.monthNames[m.month - 1], m.nightsAvailable, m.nightsBooked, m.ownerNights, formatPercent(m.occupancy, lang), money(m.payoutTotal), money(before.byMonth[i].payoutTotal),
        ]),
      };
    },
    (lang) => {
      const t = TEXTS[lang];
      const channels = Object.entries(year.nightsByChannel);
      return {
        title: t.channels,
        columns: [{ label: t.channel, width: 195 }, { label: t.nights, width: 80, right: true }, { label: t.ofBooked, width: 150, right: true }],
        rows: channels.map(([channel, nights]) => [channel, nights, formatPercent(year.nightsBooked ? Math.round((nights * 10000) / year.nightsBooked) / 10000 : null, lang)]),
        empty: t.noNights,
      };
    },
  ];
}

/** Every table of the statement in `lang`, each amount column followed by the reader's share of it when they hold one. */
function tablesOf(d: StatementData, lang: StatementLanguage): StatementTable[] {
  const tables = [...payoutSections(d), ...d.sections].map((section) => section(lang));
  const share = d.share;
  if (!share) return tables;
  const label = TEXTS[lang].yourShare(share);
  return tables.map((table) => {
    const columns: StatementColumn[] = [];
    const shared: number[] = [];
    table.columns.forEach((c, i) => {
      columns.push(c);
      if (c.amount) {
        shared.push(i);
        columns.push({ label: label, width: c.width, right: true, unit: c.unit });
      }
    });
    const rows = table.rows.map((row) => row.flatMap((cell, i) => (shared.includes(i) ? [cell, typeof cell === 'object' ? { amount: shareOf(cell.amount, share) } : ''] : [cell])));
    return { ...table, columns, rows };
  });
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
  const cell = (c: StatementCell): CsvCell => (typeof c === 'object' ? { amount: formatAmount(c.amount, lang) } : c);
  const rows: CsvCell[][] = [
    [t.title(d.year)],
    ...(d.property === null ? [] : [[t.property, d.property]]),
    [t.owner, d.owner.name],
    [t.account, d.owner.accountNumber ?? t.none],
    [t.madeOn, date(d.madeOn, lang)],
    ...tablesOf(d, lang).flatMap((table) => [
      [],
      [table.title],
      ...(table.noHeader ? [] : [table.columns.map((c) => c.label)]),
      ...table.rows.map((row) => row.map(cell)),
    ]),
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
  const pageWidth = doc.page.width - doc.page.margins.left - doc.page.margins.right;
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
    if (doc.y > doc.page.height - doc.page.margins.bottom - 80) doc.addPage();
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(text, left).moveDown(0.3);
  };

  doc.font('Helvetica-Bold').fontSize(18).text(t.title(d.year));
  doc.moveDown(0.5).font('Helvetica').fontSize(11);
  if (d.property !== null) doc.text(`${t.property}: ${d.property}`);
  doc.text(`${t.owner}: ${d.owner.name}`);
  doc.text(`${t.account}: ${d.owner.accountNumber ?? t.none}`);
  doc.text(`${t.madeOn}: ${date(d.madeOn, lang)}`);

  for (const table of tablesOf(d, lang)) {
    heading(table.title);
    if (table.rows.length === 0 && table.empty) {
      doc.font('Helvetica').fontSize(10).text(table.empty);
      continue;
    }
    const shown = table.columns.map((c, i) => ({ c, i })).filter(({ c }) => !c.csvOnly);
    const total = shown.reduce((sum, { c }) => sum + c.width, 0);
    const widths = shown.map(({ c }) => (total > pageWidth ? (c.width * pageWidth) / total : c.width));
    const right = shown.flatMap(({ c }, j) => (c.right ? [j] : []));
    const text = (cell: StatementCell, c: StatementColumn) => (typeof cell === 'object' ? `${formatAmount(cell.amount, lang)}${c.unit ? ` ${c.unit}` : ''}` : String(cell));
    if (!table.noHeader) row(shown.map(({ c }) => c.pdfLabel ?? c.label), widths, { bold: true, alignRight: right });
    table.rows.forEach((cells, r) => row(shown.map(({ c, i }) => text(cells[i], c)), widths, { bold: table.boldRows?.includes(r), alignRight: right }));
  }

  doc.end();
  return done;
}
