import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { AuditLogEntry } from './audit-log.entity';

@Injectable()
export class AuditService {
  constructor(@InjectRepository(AuditLogEntry) private readonly log: Repository<AuditLogEntry>) {}

  /** Records an admin action; pass the transaction's manager so the record commits with the change. */
  async record(actorId: number, targetUserId: number | null, action: string, details: Record<string, unknown>, tx?: EntityManager): Promise<void> {
    const repo = tx ? tx.getRepository(AuditLogEntry) : this.log;
    await repo.insert({ actorId, targetUserId, action, details: details as object });
  }

  forTarget(targetUserId: number, limit = 100): Promise<AuditLogEntry[]> {
    return this.log.find({ where: { targetUserId }, order: { id: 'DESC' }, take: limit });
  }
}
