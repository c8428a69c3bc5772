import { Injectable } from '@nestjs/common';
import { In, MoreThanOrEqual } from 'typeorm';
import { planLimits } from '../../config/plans.js';
import { Database } from '../../database/database.js';
import { AccountEntity } from '../accounts/account.entity.js';
import { KeywordEntity } from '../keywords/keyword.entity.js';
import type { KeywordDefinition } from './keyword-definition.js';
import { KeywordMatcher, type MatchInput } from './keyword-matcher.js';

/** Changes are re-read with this overlap, so clock skew between instances cannot hide one. */
const CHANGE_OVERLAP_MS = 5_000;

export interface MatchedKeyword {
  keyword: KeywordDefinition;
  dailyCap: number;
}

interface AccountState {
  eligible: boolean;
  dailyCap: number;
}

/**
 * The matcher over every active keyword of every active Alerts account, kept in step with the
 * database by `refresh()`: an updated_at high-water mark on keywords and accounts, checked each
 * cycle, so a keyword created, paused or deleted on any instance takes effect within one cycle.
 */
@Injectable()
export class LiveKeywordMatcher {
  private readonly matcher = new KeywordMatcher();
  private readonly versions = new Map<string, number>();
  private readonly accounts = new Map<string, AccountState>();
  private keywordMark: number | null = null;
  private accountMark: number | null = null;

  constructor(private readonly database: Database) {}

  get size(): number {
    return this.matcher.size;
  }

  match(input: MatchInput): MatchedKeyword[] {
    return this.matcher.match(input).map((keyword) => ({
      keyword,
      dailyCap: this.accounts.get(keyword.accountId)?.dailyCap ?? 0,
    }));
  }

  async refresh(): Promise<void> {
    const changedAccounts = await this.database.manager.findBy(
      AccountEntity,
      this.accountMark === null
        ? {}
        : { updatedAt: MoreThanOrEqual(this.accountMark - CHANGE_OVERLAP_MS) },
    );
    const reloadAccounts: string[] = [];
    for (const account of changedAccounts) {
      const eligible = account.product === 'alerts' && account.status === 'active';
      const previous = this.accounts.get(account.id);
      this.accounts.set(account.id, {
        eligible,
        dailyCap: planLimits(account.plan).perKeywordDailyCap,
      });
      if (this.accountMark !== null && previous?.eligible !== eligible)
        reloadAccounts.push(account.id);
      this.accountMark = Math.max(this.accountMark ?? 0, account.updatedAt);
    }

    const changedKeywords = await this.database.manager.findBy(
      KeywordEntity,
      this.keywordMark === null
        ? { active: true }
        : { updatedAt: MoreThanOrEqual(this.keywordMark - CHANGE_OVERLAP_MS) },
    );
    const reloaded = reloadAccounts.length
      ? await this.database.manager.findBy(KeywordEntity, { accountId: In(reloadAccounts) })
      : [];
    for (const keyword of [...changedKeywords, ...reloaded])
      this.apply(keyword, reloadAccounts.includes(keyword.accountId));
    for (const keyword of changedKeywords)
      this.keywordMark = Math.max(this.keywordMark ?? 0, keyword.updatedAt);
    this.keywordMark ??= 0;
    this.accountMark ??= 0;
  }

  private apply(keyword: KeywordEntity, force: boolean): void {
    const live =
      keyword.active &&
      keyword.deletedAt === null &&
      this.accounts.get(keyword.accountId)?.eligible === true;
    if (!live) {
      this.matcher.remove(keyword.id);
      this.versions.delete(keyword.id);
      return;
    }
    if (!force && this.versions.get(keyword.id) === keyword.updatedAt) return;
    this.matcher.upsert({
      id: keyword.id,
      accountId: keyword.accountId,
      text: keyword.text,
      mode: keyword.mode,
      trackPosts: keyword.trackPosts,
      trackComments: keyword.trackComments,
    });
    this.versions.set(keyword.id, keyword.updatedAt);
  }
}
