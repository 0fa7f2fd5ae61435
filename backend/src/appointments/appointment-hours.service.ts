import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { coded } from '../common/http-exception.filter';
import { findPage, type ListQuery, whereIdIn } from '../common/list-query';
import type { SessionUser } from '../common/session-user';
import { UsersService } from '../users/users.service';
import { AppointmentClosedDate, AppointmentHours } from './appointment.entity';
import type { CreateAppointmentHoursDto, CreateClosedDateDto, UpdateAppointmentHoursDto } from './appointments.dto';

export interface HoursView { hours: AppointmentHours; staffNames: string[] }

const hoursNotFound = () => new NotFoundException(coded('appointment_hours_not_found', 'Åpningstiden finnes ikke'));

/** The weekly hours and closed dates staff publish (docs/appointments.md): admins write, mini admins read. */
@Injectable()
export class AppointmentHoursService {
  constructor(
    @InjectRepository(AppointmentHours) private readonly hours: Repository<AppointmentHours>,
    @InjectRepository(AppointmentClosedDate) private readonly closed: Repository<AppointmentClosedDate>,
    private readonly audit: AuditService,
    private readonly db: DataSource,
    private readonly users: UsersService,
  ) {}

  async list(query: ListQuery): Promise<{ rows: HoursView[]; total: number }> {
    const page = await findPage(this.hours.createQueryBuilder('h'), query, {
      sortable: Object.fromEntries(['id', 'weekday', 'startTime', 'endTime', 'updatedAt'].map((p) => [p, `h.${p}`])),
      filters: {
        id: (b, id) => whereIdIn(b, 'h.id', id, 'ids'),
        weekday: (b, weekday) => b.andWhere('h.weekday = :weekday', { weekday: Number(weekday) || 0 }),
      },
      key: 'h.id',
    });
    const rows = query.sort ? page.rows : [...page.rows].sort((x, y) => x.weekday - y.weekday || x.startTime.localeCompare(y.startTime) || x.id - y.id);
    return { rows: await this.withNames(rows), total: page.total };
  }

  async get(id: number): Promise<HoursView> {
    const row = await this.hours.findOneBy({ id });
    if (!row) throw hoursNotFound();
    return (await this.withNames([row]))[0];
  }

  async create(admin: SessionUser, dto: CreateAppointmentHoursDto): Promise<HoursView> {
    await this.check(dto.startTime, dto.endTime, dto.staffUserIds);
    const saved = await this.hours.save(this.hours.create({ weekday: dto.weekday, startTime: dto.startTime, endTime: dto.endTime, staffUserIds: [...new Set(dto.staffUserIds)] }));
    await this.audit.record(admin.id, null, 'appointment_hours.created', { id: saved.id, weekday: saved.weekday, startTime: saved.startTime, endTime: saved.endTime, staffUserIds: saved.staffUserIds });
    return (await this.withNames([saved]))[0];
  }

  async update(admin: SessionUser, id: number, dto: UpdateAppointmentHoursDto): Promise<HoursView> {
    const row = (await this.get(id)).hours;
    const next = { weekday: dto.weekday ?? row.weekday, startTime: dto.startTime ?? row.startTime, endTime: dto.endTime ?? row.endTime, staffUserIds: dto.staffUserIds ? [...new Set(dto.staffUserIds)] : row.staffUserIds };
    await this.check(next.startTime, next.endTime, dto.staffUserIds ?? []);
    Object.assign(row, next);
    const saved = await this.hours.save(row);
    await this.audit.record(admin.id, null, 'appointment_hours.changed', { id, ...next });
    return (await this.withNames([saved]))[0];
  }

  /** Removes a range; appointments already booked in it stay booked. */
  async remove(admin: SessionUser, id: number): Promise<HoursView> {
    const view = await this.get(id);
    await this.hours.delete({ id });
    await this.audit.record(admin.id, null, 'appointment_hours.deleted', { id });
    return view;
  }

  async closedDates(query: ListQuery): Promise<{ rows: AppointmentClosedDate[]; total: number }> {
    const page = await findPage(this.closed.createQueryBuilder('c'), query, {
      sortable: { id: 'c.id', date: 'c.date', reason: 'c.reason' },
      filters: { id: (b, id) => whereIdIn(b, 'c.id', id, 'ids') },
      key: 'c.id',
    });
    return { rows: query.sort ? page.rows : [...page.rows].sort((x, y) => x.date.localeCompare(y.date)), total: page.total };
  }

  async closedDate(id: number): Promise<AppointmentClosedDate> {
    const row = await this.closed.findOneBy({ id });
    if (!row) throw new NotFoundException(coded('appointment_closed_date_not_found', 'Den stengte dagen finnes ikke'));
    return row;
  }

  async addClosedDate(admin: SessionUser, dto: CreateClosedDateDto): Promise<AppointmentClosedDate> {
    const rows: { id: number }[] = await this.db.query(
      'INSERT INTO appointment_closed_dates (date, reason) VALUES ($1, $2) ON CONFLICT (date) DO NOTHING RETURNING id',
      [dto.date, dto.reason?.trim() || null],
    );
    if (!rows.length) throw new ConflictException(coded('appointment_closed_date_exists', 'Dagen er allerede stengt'));
    await this.audit.record(admin.id, null, 'appointment_closed_date.created', { date: dto.date });
    return this.closedDate(rows[0].id);
  }

  async removeClosedDate(admin: SessionUser, id: number): Promise<AppointmentClosedDate> {
    const row = await this.closedDate(id);
    await this.closed.delete({ id });
    await this.audit.record(admin.id, null, 'appointment_closed_date.deleted', { date: row.date });
    return row;
  }

  /** A range ends after it starts; every staff member named is an admin or mini admin. */
  private async check(startTime: string, endTime: string, staffUserIds: number[]): Promise<void> {
    if (endTime <= startTime) throw new BadRequestException(coded('appointment_hours_end_before_start', 'Sluttid må være etter starttid'));
    const ids = [...new Set(staffUserIds)];
    if (!ids.length) return;
    if ((await this.users.staffAmong(ids)).length !== ids.length) throw new BadRequestException(coded('appointment_staff_invalid', 'Bare ansatte kan ta imot timer'));
  }

  private async withNames(rows: AppointmentHours[]): Promise<HoursView[]> {
    const names = await this.users.namesOf(rows.flatMap((r) => r.staffUserIds));
    return rows.map((hours) => ({ hours, staffNames: hours.staffUserIds.flatMap((id) => (names.has(id) ? [names.get(id)!] : [])) }));
  }
}
