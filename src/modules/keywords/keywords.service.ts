import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { newId } from '../../common/ids.js';
import { Clock } from '../../common/time/clock.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AccountAudit, changedFields } from '../account-audit/account-audit.service.js';
import type { AccountAuditFields } from '../account-audit/account-audit-entry.entity.js';
import type { Caller } from '../auth/caller.js';
import { KEYWORD_FIELDS, KEYWORD_LIST_FIELDS } from '../matching/keyword-fields.js';
import type { KeywordChange } from './keyword-change.js';
import { KeywordCreationSinks, type CreatedKeyword } from './keyword-creation-sinks.js';
import { KeywordEntity } from './keyword.entity.js';
import { checkQuery } from './keyword-query.js';
import { KeywordStore, type KeywordWrite } from './keyword.store.js';
import {
  checkKeywordCount,
  checkKeywordDraft,
  parseKeywordFilters,
  trackingProblem,
  type KeywordDraft,
  type KeywordInput,
} from './keyword-rules.js';

export type RejectionReason = 'invalid' | 'duplicate' | 'limit_reached';

export interface KeywordRejection {
  text: string;
  reason: RejectionReason;
  message: string;
}

export interface KeywordCreation {
  created: KeywordEntity[];
  existing: KeywordEntity[];
  rejected: KeywordRejection[];
}

@Injectable()
export class KeywordsService {
  constructor(
    private readonly store: KeywordStore,
    private readonly clock: Clock,
    private readonly creationSinks: KeywordCreationSinks,
    private readonly audit: AccountAudit,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  list(accountId: string): Promise<KeywordEntity[]> {
    return this.store.listLive(accountId);
  }

  /** The account's live keywords among these ids (one query, for batch loading). */
  findLiveByIds(accountId: string, ids: readonly string[]): Promise<KeywordEntity[]> {
    return this.store.findLiveByIds(accountId, ids);
  }

  countActive(accountId: string): Promise<number> {
    return this.store.countActive(accountId);
  }

  /**
   * Per-draft outcome, never all-or-nothing, one transaction, in which KeywordCreationSinks hear
   * of the keywords created or restored (the backfill of `backfill_hours` is filed there).
   */
  async create(caller: Caller, drafts: readonly KeywordDraft[]): Promise<KeywordCreation> {
    checkKeywordCount(drafts.length);
    return this.store.write(async (write) => {
      await write.lockAccount(caller.accountId);
      const known = await write.allByNormalizedText(caller.accountId);
      let activeCount = [...known.values()].filter((k) => k.active && k.deletedAt === null).length;
      const now = this.clock.nowMs();
      const outcome: KeywordCreation = { created: [], existing: [], rejected: [] };
      const inserts: KeywordEntity[] = [];
      const restores: KeywordEntity[] = [];
      const seenInRequest = new Set<string>();
      /** By index in outcome.created. */
      const backfillHours: number[] = [];

      for (const draft of drafts) {
        const parsed = checkKeywordDraft(draft, this.config.recentItemsHours);
        if (!parsed.ok) {
          outcome.rejected.push({ text: parsed.text, reason: 'invalid', message: parsed.message });
          continue;
        }
        const input = parsed.keyword;
        if (seenInRequest.has(input.normalizedText)) {
          outcome.rejected.push({
            text: input.text,
            reason: 'duplicate',
            message: 'the same text appears earlier in this request',
          });
          continue;
        }
        seenInRequest.add(input.normalizedText);
        const current = known.get(input.normalizedText);
        if (current && current.deletedAt === null) {
          outcome.existing.push(current);
          continue;
        }
        if (activeCount >= caller.limits.keywordLimit) {
          outcome.rejected.push({
            text: input.text,
            reason: 'limit_reached',
            message: `the ${caller.plan} plan allows ${caller.limits.keywordLimit} active keywords`,
          });
          continue;
        }
        activeCount += 1;
        const keyword = current
          ? this.restore(current, input, now)
          : this.build(caller.accountId, input, now);
        (current ? restores : inserts).push(keyword);
        outcome.created.push(keyword);
        backfillHours.push(input.backfillHours);
      }

      if (outcome.created.length > 0) {
        const changeSeq = await write.nextChangeSeq();
        for (const keyword of outcome.created) keyword.changeSeq = changeSeq;
      }
      await write.insert(inserts);
      await write.save(restores);
      const created = outcome.created.map((keyword, index): CreatedKeyword => ({
        keyword,
        backfillHours: backfillHours[index],
        dailyCap: caller.limits.perKeywordDailyCap,
      }));
      await write.also((manager) => this.creationSinks.created(manager, created, now));
      await write.also((manager) =>
        this.audit.recordAll(
          manager,
          caller,
          outcome.created.map((keyword) => ({
            action: 'keyword.created',
            resourceType: 'keyword',
            resourceId: keyword.id,
            before: null,
            after: auditedKeyword(keyword),
          })),
        ),
      );
      return outcome;
    });
  }

  async update(caller: Caller, keywordId: string, change: KeywordChange): Promise<KeywordEntity> {
    if (Object.values(change).every((value) => value === undefined)) {
      throw AppError.invalidBody(
        `Provide at least one of mode, active, track_posts, track_comments, ${KEYWORD_LIST_FIELDS.map((field) => KEYWORD_FIELDS[field].rest).join(', ')}, query`,
      );
    }
    const filters = parseKeywordFilters(change);
    if (!filters.ok) throw AppError.invalidBody(filters.message);
    const query = change.query === undefined ? undefined : checkQuery(change.query);
    if (query && !query.ok) throw AppError.invalidBody(query.message);
    return this.store.write(async (write) => {
      await write.lockAccount(caller.accountId);
      const keyword = await this.findLive(write, caller.accountId, keywordId);
      const before = auditedKeyword(keyword);
      const trackPosts = change.trackPosts ?? keyword.trackPosts;
      const trackComments = change.trackComments ?? keyword.trackComments;
      const tracking = trackingProblem(trackPosts, trackComments);
      if (tracking) throw AppError.invalidBody(tracking);
      if (change.active === true && !keyword.active) {
        const activeCount = await write.countActive(caller.accountId);
        if (activeCount >= caller.limits.keywordLimit) {
          throw new AppError(
            'keyword_limit_reached',
            `Resuming would exceed the ${caller.plan} plan's limit of ${caller.limits.keywordLimit} active keywords`,
          );
        }
      }
      keyword.mode = change.mode ?? keyword.mode;
      keyword.active = change.active ?? keyword.active;
      keyword.trackPosts = trackPosts;
      keyword.trackComments = trackComments;
      Object.assign(keyword, filters.filters);
      if (query) keyword.query = query.query;
      keyword.updatedAt = this.clock.nowMs();
      keyword.changeSeq = await write.nextChangeSeq();
      await write.save([keyword]);
      const changes = changedFields(before, auditedKeyword(keyword));
      if (changes) {
        await write.also((manager) =>
          this.audit.record(manager, caller, {
            action: 'keyword.updated',
            resourceType: 'keyword',
            resourceId: keyword.id,
            ...changes,
          }),
        );
      }
      return keyword;
    });
  }

  async remove(caller: Caller, keywordId: string): Promise<void> {
    await this.store.write(async (write) => {
      const keyword = await this.findLive(write, caller.accountId, keywordId);
      const before = auditedKeyword(keyword);
      const now = this.clock.nowMs();
      keyword.deletedAt = now;
      keyword.active = false;
      keyword.updatedAt = now;
      keyword.changeSeq = await write.nextChangeSeq();
      await write.save([keyword]);
      await write.also((manager) =>
        this.audit.record(manager, caller, {
          action: 'keyword.deleted',
          resourceType: 'keyword',
          resourceId: keyword.id,
          before,
          after: null,
        }),
      );
    });
  }

  private async findLive(
    write: KeywordWrite,
    accountId: string,
    keywordId: string,
  ): Promise<KeywordEntity> {
    const keyword = await write.findLive(accountId, keywordId);
    if (!keyword) throw AppError.notFound('Keyword');
    return keyword;
  }

  private build(accountId: string, input: KeywordInput, now: number): KeywordEntity {
    return Object.assign(new KeywordEntity(), {
      id: newId(),
      accountId,
      text: input.text,
      normalizedText: input.normalizedText,
      mode: input.mode,
      active: true,
      trackPosts: input.trackPosts,
      trackComments: input.trackComments,
      ...input.filters,
      query: input.query,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    });
  }

  private restore(keyword: KeywordEntity, input: KeywordInput, now: number): KeywordEntity {
    return Object.assign(keyword, {
      text: input.text,
      mode: input.mode,
      active: true,
      trackPosts: input.trackPosts,
      trackComments: input.trackComments,
      ...input.filters,
      query: input.query,
      updatedAt: now,
      deletedAt: null,
    });
  }
}

/** A keyword's fields as its audit entries show them. */
function auditedKeyword(keyword: KeywordEntity): AccountAuditFields {
  return {
    text: keyword.text,
    mode: keyword.mode,
    active: keyword.active,
    trackPosts: keyword.trackPosts,
    trackComments: keyword.trackComments,
    exclude: keyword.exclude,
    subreddits: keyword.subreddits,
    excludeSubreddits: keyword.excludeSubreddits,
    excludeAuthors: keyword.excludeAuthors,
    query: keyword.query,
  };
}
