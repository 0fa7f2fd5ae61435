import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { CsvError, parse } from 'csv-parse/sync';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { FileStore, type OpenedFile, type StoredFileInfo } from '../common/adapters/file-store';
import { coded } from '../common/http-exception.filter';
import { MAX_ID } from '../common/ids';
import type { RequestContext } from '../common/request-context';
import { MAX_YEAR, MIN_YEAR } from '../common/time/year';
import { DatabasePort } from '../database/database.port';
import { PropertyAccess } from '../properties/property-access.service';
import type { User } from '../users/user.entity';
import { Payout } from './payout.entity';
import { assertLineSign, followLines } from './payout-lines.store';
import { PAYOUT_LINE_KINDS, PayoutLine, type PayoutLineKind } from './payout-line.entity';
import type { CreatePayoutLineDto, PayoutDetailResponse, UpdatePayoutLineDto } from './payout-lines.dto';
import { mapLine } from './payout-lines.dto';
import { mapPayout } from './payouts.dto';
import { auditView, PayoutsService } from './payouts.service';

/** The receipt types a line takes, told from the bytes: a PDF or an image (docs/product/payouts-and-prices.md#receipts). */
export const RECEIPT_TYPES: ReadonlySet<string> = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/heic']);

/** The CSV import's columns (docs/api.md "Payout lines import"); bookingRef may be left out. */
export const IMPORT_COLUMNS = ['propertyId', 'year', 'month', 'kind', 'description', 'amount', 'bookingRef'] as const;
const REQUIRED_COLUMNS = IMPORT_COLUMNS.filter((c) => c !== 'bookingRef');
/** The most lines one import file holds. */
export const MAX_IMPORT_ROWS = 5000;

type ImportColumn = (typeof IMPORT_COLUMNS)[number];
type ImportRecord = Partial<Record<ImportColumn, string>>;
interface ImportRow { row: number; propertyId: number; year: number; month: number; kind: PayoutLineKind; description: string; amount: string; bookingRef: string | null }

const lineNotFound = () => new NotFoundException(coded('payout_line_not_found', 'Linjen finnes ikke på denne utbetalingen'));
const payoutNotFound = () => new NotFoundException(coded('payout_not_found', 'Utbetalingen finnes ikke'));
const receiptNotFound = () => new NotFoundException(coded('payout_receipt_not_found', 'Linjen har ingen kvittering'));
const DECIMAL = /^-?\d{1,10}(\.\d{1,2})?$/;

/**
 * A payout's lines (docs/product/payouts-and-prices.md#payout-lines): admins add, change and remove them one at a time
 * or import a month's from a CSV, and attach receipts; with lines, the payout's amount is their sum, kept in the same
 * transaction as the change. Every change is audited as a change to the payout (payout.update), naming the line.
 */
@Injectable()
export class PayoutLinesService {
  constructor(
    private readonly payouts: PayoutsService,
    private readonly database: DatabasePort,
    private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly access: PropertyAccess,
    private readonly files: FileStore,
  ) {}

  /** A payout and its lines, in the order they were added. */
  async withLines(payoutId: number, tx?: EntityManager): Promise<{ payout: Payout; lines: PayoutLine[] }> {
    const manager = tx ?? this.db.manager;
    const payout = await manager.getRepository(Payout).findOneBy({ id: payoutId });
    if (!payout) throw payoutNotFound();
    const lines = await manager.getRepository(PayoutLine).find({ where: { payoutId }, order: { id: 'ASC' } });
    return { payout, lines };
  }

  /**
   * The payout a member reads (GET /api/user/payouts/{id}): its lines and its month's stays. Its property's members
   * who see money read it (a viewer without canSeeMoney: 403 property_money_hidden), staff as the property rule
   * allows; anyone else, and an unknown id, 404 payout_not_found.
   */
  async detail(user: User, payoutId: number): Promise<PayoutDetailResponse> {
    const { payout, lines } = await this.withLines(payoutId);
    const property = await this.moneyOf(user, payout);
    const month = await this.payouts.monthNights(property.id, payout.year, payout.month);
    return { payout: mapPayout(payout), lines: lines.map(mapLine), ...month, timezone: property.timezone };
  }

  /**
   * The property a question about a payout's line is about (a case naming them: docs/product/cases.md#a-question-about-a-payout):
   * the asker must see the payout's money, as for `detail`; a line of another payout is 404 payout_line_not_found.
   */
  async questionOf(person: User, payoutId: number, lineId: number): Promise<{ propertyId: number }> {
    const payout = await this.db.manager.getRepository(Payout).findOneBy({ id: payoutId });
    if (!payout) throw payoutNotFound();
    const property = await this.moneyOf(person, payout);
    if (!(await this.db.manager.getRepository(PayoutLine).existsBy({ id: lineId, payoutId }))) throw lineNotFound();
    return { propertyId: property.id };
  }

  /** A line's receipt for a member who sees the property's money (as `detail`), or for staff. */
  async receiptFor(user: User, payoutId: number, lineId: number): Promise<{ line: PayoutLine; file: OpenedFile }> {
    const payout = await this.db.manager.getRepository(Payout).findOneBy({ id: payoutId });
    if (!payout) throw payoutNotFound();
    await this.moneyOf(user, payout);
    return this.receipt(payoutId, lineId);
  }

  async receipt(payoutId: number, lineId: number): Promise<{ line: PayoutLine; file: OpenedFile }> {
    const line = await this.db.manager.getRepository(PayoutLine).findOneBy({ id: lineId, payoutId });
    if (!line) throw lineNotFound();
    const file = line.receiptFileId ? await this.files.open(line.receiptFileId) : null;
    if (!file) throw receiptNotFound();
    return { line, file };
  }

  async add(admin: User, payoutId: number, dto: CreatePayoutLineDto, context?: RequestContext): Promise<{ payout: Payout; lines: PayoutLine[] }> {
    assertLineSign(dto.kind, dto.amount);
    return this.change(admin, payoutId, context, async (tx) => {
      const saved = await tx.getRepository(PayoutLine).save(tx.getRepository(PayoutLine).create({
        payoutId, kind: dto.kind, description: dto.description, amount: dto.amount, bookingRef: dto.bookingRef || null,
      }));
      return { action: 'create', before: null, after: await tx.getRepository(PayoutLine).findOneByOrFail({ id: saved.id }) };
    });
  }

  async update(admin: User, payoutId: number, lineId: number, dto: UpdatePayoutLineDto, context?: RequestContext) {
    return this.change(admin, payoutId, context, async (tx) => {
      const repo = tx.getRepository(PayoutLine);
      const before = await repo.findOneBy({ id: lineId, payoutId });
      if (!before) throw lineNotFound();
      const next = { kind: dto.kind ?? before.kind, amount: dto.amount ?? before.amount };
      assertLineSign(next.kind, next.amount);
      const changes: Partial<PayoutLine> = { ...next };
      if (dto.description !== undefined) changes.description = dto.description;
      if (dto.bookingRef !== undefined) changes.bookingRef = dto.bookingRef || null;
      await repo.update({ id: lineId }, changes);
      return { action: 'update', before, after: await repo.findOneByOrFail({ id: lineId }) };
    });
  }

  async remove(admin: User, payoutId: number, lineId: number, context?: RequestContext) {
    return this.change(admin, payoutId, context, async (tx) => {
      const repo = tx.getRepository(PayoutLine);
      const before = await repo.findOneBy({ id: lineId, payoutId });
      if (!before) throw lineNotFound();
      // The stored receipt goes with the line (the table's trigger).
      await repo.delete({ id: lineId });
      return { action: 'delete', before, after: null };
    });
  }

  /**
   * A receipt (already streamed into the FileStore and told to be a PDF or an image) becomes the line's; one it had
   * is removed. When the line is not found the new file is removed again.
   */
  async attachReceipt(admin: User, payoutId: number, lineId: number, file: StoredFileInfo | undefined, context?: RequestContext) {
    if (!file) throw new BadRequestException(coded('payout_receipt_missing', 'Velg en fil (PDF eller bilde) i feltet «file»'));
    try {
      return await this.change(admin, payoutId, context, async (tx) => {
        const repo = tx.getRepository(PayoutLine);
        const before = await repo.findOneBy({ id: lineId, payoutId });
        if (!before) throw lineNotFound();
        await repo.update({ id: lineId }, { receiptFileId: file.id, receiptName: file.originalName, receiptType: file.contentType, receiptSize: file.byteSize });
        return { action: 'receipt', before, after: await repo.findOneByOrFail({ id: lineId }) };
      });
    } catch (e) {
      await this.files.delete(file.id);
      throw e;
    }
  }

  async removeReceipt(admin: User, payoutId: number, lineId: number, context?: RequestContext) {
    return this.change(admin, payoutId, context, async (tx) => {
      const repo = tx.getRepository(PayoutLine);
      const before = await repo.findOneBy({ id: lineId, payoutId });
      if (!before) throw lineNotFound();
      if (!before.receiptFileId) throw receiptNotFound();
      await repo.update({ id: lineId }, { receiptFileId: null, receiptName: null, receiptType: null, receiptSize: null });
      return { action: 'receipt_removed', before, after: await repo.findOneByOrFail({ id: lineId }) };
    });
  }

  /**
   * One change to a payout's lines, in one transaction with the payout locked: the change, the payout's amount
   * following the lines' sum (payout-lines.store.ts), and the audit row of the payout before and after.
   */
  private async change(
    admin: User, payoutId: number, context: RequestContext | undefined,
    apply: (tx: EntityManager) => Promise<{ action: string; before: PayoutLine | null; after: PayoutLine | null }>,
  ): Promise<{ payout: Payout; lines: PayoutLine[] }> {
    return this.database.transaction(async (tx) => {
      const before = await tx.getRepository(Payout).findOne({ where: { id: payoutId }, lock: { mode: 'pessimistic_write' } });
      if (!before) throw payoutNotFound();
      const line = await apply(tx);
      await followLines(tx, payoutId);
      const result = await this.withLines(payoutId, tx);
      await this.audit.record(admin.id, before.userId, 'payout.update', {
        payoutId, before: auditView(before), after: auditView(result.payout),
        line: { action: line.action, before: line.before && lineView(line.before), after: line.after && lineView(line.after) },
      }, tx, context);
      return result;
    });
  }

  /**
   * A month's lines from an accounting system (docs/api.md "Payout lines import"): every row is checked first, and the
   * first bad one refuses the whole file (400 with `params.row`, the row as a spreadsheet numbers it, the header
   * being row 1). The rows then go, in one transaction, to the payout of their property and month: the month's only
   * payout, or a new pending one registered for the property's owner when it has none. A month with several payouts
   * (409 payout_import_ambiguous), or whose payout already has lines (409 payout_import_duplicate: the same file
   * twice), refuses the file; nothing is imported.
   */
  async import(admin: User, csv: string, context?: RequestContext) {
    const rows = await this.readRows(admin, csv);
    // Whom a payout made for the import is registered for, read before the transaction (the embedded engine has one session).
    const registrants = new Map<number, number>();
    for (const propertyId of new Set(rows.map((r) => r.propertyId))) registrants.set(propertyId, await this.payouts.registeredFor(propertyId, undefined));
    const groups = new Map<string, ImportRow[]>();
    for (const row of rows) {
      const key = `${row.propertyId}-${row.year}-${row.month}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    return this.database.transaction(async (tx) => {
      // One import at a time, so two deliveries of one month cannot both find it without lines.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['payout-lines-import']);
      const results = [];
      for (const group of groups.values()) {
        const [{ row, propertyId, year, month }] = group;
        const found = await tx.getRepository(Payout).find({ where: { propertyId, year, month }, order: { id: 'ASC' }, lock: { mode: 'pessimistic_write' } });
        if (found.length > 1) {
          throw new ConflictException(coded('payout_import_ambiguous', `Rad ${row}: ${String(month).padStart(2, '0')}.${year} har flere utbetalinger; legg inn linjene på den riktige`, { row, propertyId, year, month }));
        }
        let payout = found[0];
        const created = !payout;
        if (payout) {
          const [{ count }] = await tx.query('SELECT count(*)::int AS count FROM payout_lines WHERE payout_id = $1', [payout.id]);
          if (Number(count) > 0) {
            throw new ConflictException(coded('payout_import_duplicate', `Rad ${row}: utbetalingen for ${String(month).padStart(2, '0')}.${year} har allerede linjer`, { row, propertyId, year, month }));
          }
        } else {
          const userId = registrants.get(propertyId)!;
          payout = await tx.getRepository(Payout).save(tx.getRepository(Payout).create({
            userId, propertyId, year, month, amount: '0.00', currency: 'NOK', status: 'pending', registeredById: admin.id, notes: null, rentalDays: null, paidDate: null,
          }));
          payout = await tx.getRepository(Payout).findOneByOrFail({ id: payout.id });
          await this.audit.record(admin.id, userId, 'payout.create', { payoutId: payout.id, before: null, after: auditView(payout), imported: true }, tx, context);
        }
        const before = payout;
        await tx.getRepository(PayoutLine).insert(group.map((r) => ({
          payoutId: before.id, kind: r.kind, description: r.description, amount: r.amount, bookingRef: r.bookingRef, imported: true,
        })));
        const amount = (await followLines(tx, before.id, row))!;
        const after = await tx.getRepository(Payout).findOneByOrFail({ id: before.id });
        await this.audit.record(admin.id, before.userId, 'payout.update', { payoutId: before.id, before: auditView(before), after: auditView(after), imported: group.length }, tx, context);
        results.push({ payoutId: before.id, propertyId, year, month, created, lines: group.length, amount });
      }
      return { lines: rows.length, payouts: results };
    });
  }

  /** The file's rows, each checked; the first fault refuses the file (nothing is written yet). */
  private async readRows(admin: User, csv: string): Promise<ImportRow[]> {
    let records: { record: ImportRecord; info: { lines: number } }[];
    try {
      records = parse(csv, {
        bom: true,
        // The header tells the separator: a semicolon file (a Norwegian spreadsheet's) may hold decimal commas.
        delimiter: delimiterOf(csv),
        trim: true,
        skip_empty_lines: true,
        info: true,
        columns: (header: string[]) => checkColumns(header),
      }) as unknown as { record: ImportRecord; info: { lines: number } }[];
    } catch (e) {
      if (e instanceof BadRequestException) throw e;
      if (e instanceof CsvError) {
        const row = Number((e as CsvError & { lines?: number }).lines ?? 0);
        throw new BadRequestException(coded('payout_import_unreadable', `Rad ${row}: filen kan ikke leses som CSV (${e.code})`, { row, reason: e.code }));
      }
      throw e;
    }
    if (records.length === 0) throw new BadRequestException(coded('payout_import_empty', 'Filen har ingen linjer under overskriftsraden'));
    if (records.length > MAX_IMPORT_ROWS) throw new BadRequestException(coded('payout_import_too_many', `Filen har mer enn ${MAX_IMPORT_ROWS} linjer`, { max: MAX_IMPORT_ROWS }));
    const known = new Map<number, boolean>();
    const rows: ImportRow[] = [];
    for (const { record, info } of records) {
      const row = info.lines;
      const parsed = readRow(record, row);
      if (!known.has(parsed.propertyId)) {
        known.set(parsed.propertyId, await this.access.resolve(admin, parsed.propertyId, 'write').then(() => true, (e) => {
          if (e instanceof NotFoundException) return false;
          throw e;
        }));
      }
      if (!known.get(parsed.propertyId)) {
        throw new BadRequestException(coded('payout_import_property', `Rad ${row}: eiendom ${parsed.propertyId} finnes ikke`, { row, propertyId: parsed.propertyId }));
      }
      rows.push(parsed);
    }
    return rows;
  }

  /** The property of a payout, as PropertyAccess allows `money`; an unknown one reads as the payout not found. */
  private async moneyOf(user: User, payout: Payout) {
    try {
      return (await this.access.resolve(user, payout.propertyId, 'money')).property;
    } catch (e) {
      if (e instanceof NotFoundException) throw payoutNotFound();
      throw e;
    }
  }
}

/** ';' when the header row holds semicolons and no comma, else ','. */
function delimiterOf(csv: string): string {
  const header = csv.slice(0, csv.search(/\r?\n|$/));
  return header.includes(';') && !header.includes(',') ? ';' : ',';
}

/** The header names the columns by name, in any order: each of the required once, no other (400 with row 1). */
function checkColumns(header: string[]): string[] {
  const known = new Set<string>(IMPORT_COLUMNS);
  const unknown = header.find((c) => !known.has(c));
  if (unknown !== undefined) {
    throw new BadRequestException(coded('payout_import_column', `Ukjent kolonne «${unknown.slice(0, 40)}» (kolonnene er ${IMPORT_COLUMNS.join(', ')})`, { row: 1, column: unknown.slice(0, 40) }));
  }
  const twice = header.find((c, i) => header.indexOf(c) !== i);
  if (twice !== undefined) throw new BadRequestException(coded('payout_import_column', `Kolonnen «${twice}» står to ganger`, { row: 1, column: twice }));
  const missing = REQUIRED_COLUMNS.find((c) => !header.includes(c));
  if (missing !== undefined) throw new BadRequestException(coded('payout_import_column_missing', `Kolonnen «${missing}» mangler`, { row: 1, column: missing }));
  return header;
}

/** One row checked field by field: 400 payout_import_row naming the row and the field, or payout_import_month. */
function readRow(record: ImportRecord, row: number): ImportRow {
  const bad = (field: ImportColumn, what: string) => new BadRequestException(coded('payout_import_row', `Rad ${row}: ${what}`, { row, field }));
  const int = (field: ImportColumn) => (/^\d{1,10}$/.test(record[field] ?? '') ? Number(record[field]) : NaN);
  const propertyId = int('propertyId');
  if (!(propertyId >= 1 && propertyId <= MAX_ID)) throw bad('propertyId', 'propertyId må være et eiendoms-ID');
  const year = int('year');
  const month = int('month');
  if (!(year >= MIN_YEAR && year <= MAX_YEAR && month >= 1 && month <= 12)) {
    throw new BadRequestException(coded('payout_import_month', `Rad ${row}: ${record.month}.${record.year} er ingen måned (år ${MIN_YEAR}-${MAX_YEAR}, måned 1-12)`, { row }));
  }
  const kind = record.kind as PayoutLineKind;
  if (!(PAYOUT_LINE_KINDS as readonly string[]).includes(kind)) throw bad('kind', `linjetypen må være ${PAYOUT_LINE_KINDS.join(', ')}`);
  const description = record.description ?? '';
  if (description.length < 1 || description.length > 200) throw bad('description', 'beskrivelsen må ha 1-200 tegn');
  // A decimal comma (a Norwegian spreadsheet's) is read as the point.
  const amount = (record.amount ?? '').replace(/\s/g, '').replace(',', '.');
  if (!DECIMAL.test(amount)) throw bad('amount', 'beløpet må være et tall med høyst to desimaler');
  assertLineSign(kind, amount, row);
  const bookingRef = record.bookingRef ? record.bookingRef : null;
  if (bookingRef && bookingRef.length > 100) throw bad('bookingRef', 'bookingreferansen kan ikke være lengre enn 100 tegn');
  return { row, propertyId, year, month, kind, description, amount, bookingRef };
}

/** What the audit keeps of a line. */
function lineView(l: PayoutLine) {
  return { id: l.id, kind: l.kind, description: l.description, amount: l.amount, bookingRef: l.bookingRef, receipt: l.receiptName };
}
