import { BadRequestException, Injectable, Logger, OnModuleInit, ServiceUnavailableException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { performance } from 'node:perf_hooks';
import { isEmailAddress } from '../common/text/email-address';
import { EntityManager, Repository } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../common/adapters/clock';
import { EventBus } from '../common/events/domain-events';
import { coded } from '../common/http-exception.filter';
import { DatabasePort } from '../database/database.port';
import { SystemSetting } from './system-setting.entity';
import { DEFAULT_MAINTENANCE_MESSAGE, KNOWN_SETTINGS, MAINTENANCE_ENABLED, MAINTENANCE_MESSAGE, MaintenanceStatusResponse, SETTING_COUNT_MAX, SETTING_TEXT_MAX, SLOT_MINUTES_MAX, SLOT_MINUTES_MIN } from './system-settings.dto';

/**
 * How long an instance trusts its last read of the maintenance state. Changes made by any instance are broadcast
 * and drop the cached state at once; this bound only matters when a broadcast was lost (a dropped connection).
 */
export const MAINTENANCE_CACHE_MS = 5_000;

const COLOR = /^#[0-9a-fA-F]{6}$/;

/** The system settings (docs/product/system.md#settings) and the maintenance state every request consults. */
@Injectable()
export class SystemSettingsService implements OnModuleInit {
  private readonly logger = new Logger('SystemSettings');
  private cached?: { state: MaintenanceStatusResponse; readAt: number };
  private reading?: Promise<MaintenanceStatusResponse>;
  /** Bumped on each invalidation, so a read that started before a change never caches the old state. */
  private generation = 0;

  constructor(
    @InjectRepository(SystemSetting) private readonly settings: Repository<SystemSetting>,
    private readonly database: DatabasePort,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly audit: AuditService,
  ) {}

  onModuleInit(): void {
    this.events.onBroadcast('system.settings.changed', () => this.invalidate());
  }

  list(): Promise<SystemSetting[]> {
    return this.settings.find({ order: { key: 'ASC' } });
  }

  /** Sets a known key (creating its row when it has none), after checking the value fits the key. */
  async set(actorId: number, key: string, value: string): Promise<SystemSetting> {
    const saved = await this.database.transaction((tx) => this.write(tx, actorId, key, value));
    await this.changed();
    return saved;
  }

  /** Turns maintenance mode on or off; a message given replaces the one shown (empty: the default text). */
  async setMaintenance(actorId: number, enabled: boolean, message?: string): Promise<MaintenanceStatusResponse> {
    await this.database.transaction(async (tx) => {
      await this.write(tx, actorId, MAINTENANCE_ENABLED, String(enabled));
      if (message !== undefined) await this.write(tx, actorId, MAINTENANCE_MESSAGE, message.trim());
    });
    await this.changed();
    return this.readMaintenance();
  }

  /**
   * Maintenance mode's one rule, for every route (MaintenanceGuard) and for signing in: while it is on, anyone but
   * an unblocked admin is answered 503 `maintenance` with the message users see (docs/operations.md, Maintenance
   * mode).
   */
  async refuseDuringMaintenance(user: { isAdmin: boolean; isBlocked: boolean } | null): Promise<void> {
    const state = await this.maintenance();
    if (state.enabled && !(user?.isAdmin && !user.isBlocked)) throw new ServiceUnavailableException(coded('maintenance', state.message ?? DEFAULT_MAINTENANCE_MESSAGE));
  }

  /**
   * The maintenance state as this instance last read it (at most MAINTENANCE_CACHE_MS old, or fresher after a
   * broadcast change): every request asks, so concurrent misses share one read instead of each querying.
   */
  async maintenance(): Promise<MaintenanceStatusResponse> {
    if (this.cached && performance.now() - this.cached.readAt < MAINTENANCE_CACHE_MS) return this.cached.state;
    if (!this.reading) {
      const generation = this.generation;
      this.reading = this.readMaintenance()
        .then((state) => {
          if (generation === this.generation) this.cached = { state, readAt: performance.now() };
          return state;
        })
        .finally(() => (this.reading = undefined));
    }
    return this.reading;
  }

  /** A 'count' setting's number, or `fallback` while staff have not set it. */
  async count(key: string, fallback: number): Promise<number> {
    const row = await this.settings.findOneBy({ key });
    return row && /^\d+$/.test(row.value) ? Number(row.value) : fallback;
  }

  /** A 'boolean' setting's value, false while staff have not set it. */
  async flag(key: string): Promise<boolean> {
    const row = await this.settings.findOneBy({ key });
    return row?.value === 'true';
  }

  /** The state straight from the database (the status route's answer). */
  async readMaintenance(): Promise<MaintenanceStatusResponse> {
    const rows = await this.settings.find({ where: [{ key: MAINTENANCE_ENABLED }, { key: MAINTENANCE_MESSAGE }] });
    const value = (key: string) => rows.find((r) => r.key === key)?.value;
    return { enabled: value(MAINTENANCE_ENABLED) === 'true', message: value(MAINTENANCE_MESSAGE) || null };
  }

  private async write(tx: EntityManager, actorId: number, key: string, value: string): Promise<SystemSetting> {
    checkValue(key, value);
    const row = tx.create(SystemSetting, { key, value, updatedAt: this.clock.now(), updatedBy: actorId });
    await tx.upsert(SystemSetting, row, ['key']);
    await this.audit.record(actorId, null, 'system_setting.changed', { key, value }, tx);
    return row;
  }

  private invalidate(): void {
    this.generation++;
    this.cached = undefined;
  }

  /** Drops this instance's cached state at once and tells the others (their broadcast listener does the same). */
  private async changed(): Promise<void> {
    this.invalidate();
    try {
      await this.events.broadcast('system.settings.changed', {});
    } catch (e) {
      // The others fall back on MAINTENANCE_CACHE_MS; the change itself is committed.
      this.logger.warn(`broadcast failed: ${e instanceof Error ? e.message : e}`);
    }
  }
}

/** Refuses an unknown key, and a value that does not fit its key (colours are colours, booleans booleans). */
function checkValue(key: string, value: string): void {
  const kind = KNOWN_SETTINGS.get(key);
  if (!kind) throw new BadRequestException(coded('setting_unknown_key', `Ukjent innstilling: ${key}`, { key }));
  if (kind === 'color' && !COLOR.test(value)) throw new BadRequestException(coded('setting_invalid_color', 'Ugyldig farge: bruk formatet #rrggbb', { key }));
  if (kind === 'boolean' && value !== 'true' && value !== 'false') throw new BadRequestException(coded('setting_invalid_boolean', 'Verdien må være true eller false', { key }));
  if (kind === 'count' && !(/^\d{1,7}$/.test(value) && Number(value) <= SETTING_COUNT_MAX)) {
    throw new BadRequestException(coded('setting_invalid_count', `Verdien må være et helt tall fra 0 til ${SETTING_COUNT_MAX}`, { key, max: SETTING_COUNT_MAX }));
  }
  if (kind === 'slotMinutes' && !(/^\d{1,3}$/.test(value) && Number(value) >= SLOT_MINUTES_MIN && Number(value) <= SLOT_MINUTES_MAX)) {
    throw new BadRequestException(coded('setting_invalid_slot_minutes', `Timelengden må være et helt antall minutter fra ${SLOT_MINUTES_MIN} til ${SLOT_MINUTES_MAX}`, { key, min: SLOT_MINUTES_MIN, max: SLOT_MINUTES_MAX }));
  }
  if (kind === 'text' && value.length > SETTING_TEXT_MAX) throw new BadRequestException(coded('setting_too_long', `Verdien kan ikke være lengre enn ${SETTING_TEXT_MAX} tegn`, { key, max: SETTING_TEXT_MAX }));
  // A contact detail left empty is one the company has not given.
  if (value === '') return;
  if (kind === 'phone' && !PHONE.test(value)) throw new BadRequestException(coded('setting_invalid_phone', 'Ugyldig telefonnummer: bruk sifre, mellomrom og eventuelt + foran', { key }));
  if (kind === 'email' && !isEmailAddress(value)) throw new BadRequestException(coded('setting_invalid_email', 'Ugyldig e-postadresse', { key }));
  if (kind === 'url' && !isWebAddress(value)) throw new BadRequestException(coded('setting_invalid_url', 'Ugyldig nettadresse: bruk en fullstendig adresse som begynner med https://', { key }));
}

/** A phone number as people write it: an optional +, then digits with spaces, dashes or parentheses between them. */
const PHONE = /^\+?[0-9][0-9 ()-]{3,28}[0-9]$/;

/** An absolute http(s) address without credentials: it is shown to everyone as a link. */
function isWebAddress(value: string): boolean {
  if (value.length > 500) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
}
