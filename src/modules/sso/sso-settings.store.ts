import { Injectable } from '@nestjs/common';
import { In, Not, type EntityManager } from 'typeorm';
import { Database } from '../../database/database.js';
import { SsoDomainEntity, SsoSettingsEntity } from './sso-settings.entity.js';

export interface StoredSsoSettings {
  settings: SsoSettingsEntity;
  /** Sorted. */
  domains: string[];
}

/** The accounts' providers and the email domains that lead to them. */
@Injectable()
export class SsoSettingsStore {
  constructor(private readonly database: Database) {}

  async find(accountId: string): Promise<StoredSsoSettings | null> {
    const manager = this.database.manager;
    const settings = await manager.findOneBy(SsoSettingsEntity, { accountId });
    if (!settings) return null;
    const domains = await manager.find(SsoDomainEntity, {
      where: { accountId },
      order: { domain: 'ASC' },
    });
    return { settings, domains: domains.map((row) => row.domain) };
  }

  /** The account whose allowed domains hold `domain` (lower-cased), if any. */
  async accountOfDomain(domain: string): Promise<string | null> {
    const row = await this.database.manager.findOneBy(SsoDomainEntity, { domain });
    return row?.accountId ?? null;
  }

  /**
   * Replaces the account's settings and domains in one transaction; answers the domains already
   * held by another account instead, changing nothing.
   */
  save(
    settings: SsoSettingsEntity,
    domains: readonly string[],
    also: (manager: EntityManager) => Promise<void>,
  ): Promise<{ taken: string[] }> {
    return this.database.transaction(async (manager) => {
      const taken = await manager.find(SsoDomainEntity, {
        where: { domain: In([...domains]), accountId: Not(settings.accountId) },
      });
      if (taken.length > 0) return { taken: taken.map((row) => row.domain).sort() };
      await manager.delete(SsoDomainEntity, { accountId: settings.accountId });
      await manager.upsert(SsoSettingsEntity, settings, ['accountId']);
      await manager.insert(
        SsoDomainEntity,
        domains.map((domain) => ({ domain, accountId: settings.accountId })),
      );
      await also(manager);
      return { taken: [] };
    });
  }

  /** Every account's sealed client secret, as stored. */
  async sealedSecrets(): Promise<{ accountId: string; clientSecret: string }[]> {
    return this.database.manager.find(SsoSettingsEntity, {
      select: { accountId: true, clientSecret: true },
    });
  }

  /** Fenced on the value read: one changed meanwhile (new settings) is left to that change. */
  async replaceSecret(accountId: string, before: string, after: string): Promise<boolean> {
    return this.database.transaction(async (manager) => {
      const { affected } = await manager.update(
        SsoSettingsEntity,
        { accountId, clientSecret: before },
        { clientSecret: after },
      );
      return (affected ?? 0) > 0;
    });
  }

  /** Whether there was anything to remove; `also` runs in the same transaction, only then. */
  remove(accountId: string, also: (manager: EntityManager) => Promise<void>): Promise<boolean> {
    return this.database.transaction(async (manager) => {
      await manager.delete(SsoDomainEntity, { accountId });
      const result = await manager.delete(SsoSettingsEntity, { accountId });
      const removed = (result.affected ?? 0) > 0;
      if (removed) await also(manager);
      return removed;
    });
  }
}
