import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { findPage, ListQuery, ListSpec } from '../common/list-query';
import type { RequestContext } from '../common/request-context';
import { AuditLogEntry } from './audit-log.entity';

/** An entry of a person's timeline with the actor's name (null for the system or a deleted account). */
export interface ActivityRow {
  entry: AuditLogEntry;
  actorName: string | null;
}

const ACTIVITY: ListSpec<AuditLogEntry> = {
  sortable: { id: 'a.id', createdAt: 'a.id' },
  filters: {
    action: (qb, action) => qb.andWhere('a.action = :action', { action: String(action) }),
  },
  key: 'a.id',
};

@Injectable()
export class AuditService {
  constructor(@InjectRepository(AuditLogEntry) private readonly log: Repository<AuditLogEntry>) {}

  /**
   * Records an action; pass the transaction's manager so the record commits with the change, and the request's
   * context (requestContext) when a person's browser did it.
   */
  async record(actorId: number | null, targetUserId: number | null, action: string, details: Record<string, unknown>, tx?: EntityManager, context?: RequestContext): Promise<void> {
    const repo = tx ? tx.getRepository(AuditLogEntry) : this.log;
    await repo.insert({ actorId, targetUserId, action, details: details as object, browser: context?.browser ?? null, os: context?.os ?? null, ipPrefix: context?.ipPrefix ?? null });
  }

  forTarget(targetUserId: number, limit = 100): Promise<AuditLogEntry[]> {
    return this.log.find({ where: { targetUserId }, order: { id: 'DESC' }, take: limit });
  }

  /** A person's activity timeline: every row about them, newest first unless the query sorts otherwise. */
  async activity(targetUserId: number, query: ListQuery): Promise<{ rows: ActivityRow[]; total: number }> {
    const qb = this.log.createQueryBuilder('a').where('a.targetUserId = :targetUserId', { targetUserId });
    const sorted: ListQuery = query.sort ? query : { ...query, sort: { field: 'id', order: 'DESC' } };
    return findPage(qb, sorted, ACTIVITY, async (page) => {
      const { entities, raw } = await page.leftJoin('users', 'actor', 'actor.id = a.actor_id').addSelect('actor.name', 'actor_name').getRawAndEntities<{ actor_name: string | null }>();
      return entities.map((entry, i) => ({ entry, actorName: raw[i]?.actor_name ?? null }));
    });
  }
}
