import { Inject, Injectable } from '@nestjs/common';
import { isFQDN } from 'class-validator';
import { AppError } from '../../common/errors/app-error.js';
import { Clock } from '../../common/time/clock.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AccountAudit, changedFields } from '../account-audit/account-audit.service.js';
import {
  SECRET_CHANGED,
  type AccountAuditFields,
} from '../account-audit/account-audit-entry.entity.js';
import type { Caller } from '../auth/caller.js';
import { discoverProvider, discoveryUrl, providerFailure } from './openid-provider.js';
import { SsoClientSecret } from './sso-client-secret.js';
import { parseIssuer } from './sso-issuer.js';
import { SsoSettingsEntity } from './sso-settings.entity.js';
import { domainOf } from './sso-sign-in.service.js';
import { SsoSettingsStore } from './sso-settings.store.js';

export const MAX_ALLOWED_DOMAINS = 50;
const MAX_CLIENT_ID_LENGTH = 255;
const MAX_CLIENT_SECRET_LENGTH = 512;

/** What an admin sees of the settings: never the secret, only whether one is set. */
export interface SsoSettingsView {
  issuer: string;
  clientId: string;
  clientSecretSet: boolean;
  allowedDomains: string[];
  ssoRequired: boolean;
  updatedAt: number;
}

export interface SsoSettingsChange {
  issuer: string;
  clientId: string;
  /** null or empty: keep the secret set before (required the first time). */
  clientSecret: string | null;
  allowedDomains: string[];
  ssoRequired: boolean;
}

/** `Example.COM`, `@example.com` → `example.com`; null when it is no domain name. */
export function normalizeDomain(input: string): string | null {
  const domain = input.trim().replace(/^@/, '').toLowerCase();
  return isFQDN(domain, { require_tld: true, allow_underscores: false }) ? domain : null;
}

function parseDomains(inputs: readonly string[]): string[] {
  const domains = new Set<string>();
  for (const input of inputs) {
    const domain = normalizeDomain(input);
    if (domain === null) {
      throw AppError.invalidBody(`${JSON.stringify(input)} is not an email domain`);
    }
    domains.add(domain);
  }
  if (domains.size === 0) throw AppError.invalidBody('Give at least one allowed email domain');
  if (domains.size > MAX_ALLOWED_DOMAINS) {
    throw AppError.invalidBody(`At most ${MAX_ALLOWED_DOMAINS} allowed email domains`);
  }
  return [...domains].sort();
}

/** An account's single sign-on settings (docs/teams.md, Single sign-on). */
@Injectable()
export class SsoSettingsService {
  constructor(
    private readonly store: SsoSettingsStore,
    private readonly secrets: SsoClientSecret,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AccountAudit,
  ) {}

  async get(accountId: string): Promise<SsoSettingsView | null> {
    const stored = await this.store.find(accountId);
    if (!stored) return null;
    const { settings, domains } = stored;
    return {
      issuer: settings.issuer,
      clientId: settings.clientId,
      clientSecretSet: settings.clientSecret !== '',
      allowedDomains: domains,
      ssoRequired: settings.ssoRequired,
      updatedAt: settings.updatedAt,
    };
  }

  /** Whether the account has SSO set up and allows the email's domain (an invitee's choice). */
  async allowsEmail(accountId: string, email: string): Promise<boolean> {
    const stored = await this.store.find(accountId);
    return stored !== null && stored.domains.includes(domainOf(email));
  }

  /**
   * Checks everything, then the issuer by fetching its discovery document once (its failure is
   * the answer, invalid_body), then stores. Nothing changes on any failure.
   */
  async set(caller: Caller, change: SsoSettingsChange): Promise<SsoSettingsView> {
    const { accountId } = caller;
    const issuerUrl = parseIssuer(change.issuer, this.config.sso.allowHttpLoopback);
    const clientId = change.clientId.trim();
    if (clientId === '' || clientId.length > MAX_CLIENT_ID_LENGTH) {
      throw AppError.invalidBody(`The client id must be 1 to ${MAX_CLIENT_ID_LENGTH} characters`);
    }
    const domains = parseDomains(change.allowedDomains);
    const before = await this.store.find(accountId);
    const clientSecret = this.secretToUse(accountId, change.clientSecret, before?.settings);

    let issuer: string;
    try {
      const provider = await discoverProvider({ issuer: issuerUrl.href, clientId, clientSecret });
      issuer = provider.serverMetadata().issuer;
    } catch (error) {
      throw AppError.invalidBody(
        `The issuer's discovery document (${discoveryUrl(issuerUrl)}) did not check out: ${providerFailure(error)}`,
      );
    }

    const now = this.clock.nowMs();
    const settings = Object.assign(new SsoSettingsEntity(), {
      accountId,
      issuer,
      clientId,
      clientSecret: this.secrets.seal(accountId, clientSecret),
      ssoRequired: change.ssoRequired,
      createdAt: before?.settings.createdAt ?? now,
      updatedAt: now,
    });
    const after: AccountAuditFields = {
      issuer,
      clientId,
      allowedDomains: domains,
      ssoRequired: change.ssoRequired,
    };
    const secretChanged = change.clientSecret !== null && change.clientSecret !== '';
    const { taken } = await this.store.save(settings, domains, async (manager) => {
      if (!before) {
        await this.audit.record(manager, caller, {
          action: 'sso_settings.created',
          resourceType: 'sso_settings',
          resourceId: accountId,
          before: null,
          after: { ...after, clientSecret: SECRET_CHANGED },
        });
        return;
      }
      const changes = changedFields(
        {
          issuer: before.settings.issuer,
          clientId: before.settings.clientId,
          allowedDomains: before.domains,
          ssoRequired: before.settings.ssoRequired,
        },
        after,
        secretChanged ? 'clientSecret' : null,
      );
      if (!changes) return;
      await this.audit.record(manager, caller, {
        action: 'sso_settings.updated',
        resourceType: 'sso_settings',
        resourceId: accountId,
        ...changes,
      });
    });
    if (taken.length > 0) {
      throw AppError.invalidBody(
        `Already allowed by another account: ${taken.join(', ')} (an email domain leads to one account only)`,
      );
    }
    return (await this.get(accountId))!;
  }

  /** Whether there were settings to remove. */
  remove(caller: Caller): Promise<boolean> {
    return this.store.remove(caller.accountId, (manager) =>
      this.audit.record(manager, caller, {
        action: 'sso_settings.removed',
        resourceType: 'sso_settings',
        resourceId: caller.accountId,
        before: { removed: false },
        after: { removed: true },
      }),
    );
  }

  private secretToUse(
    accountId: string,
    given: string | null,
    before: SsoSettingsEntity | undefined,
  ): string {
    if (given !== null && given !== '') {
      if (given.length > MAX_CLIENT_SECRET_LENGTH) {
        throw AppError.invalidBody(
          `The client secret must be at most ${MAX_CLIENT_SECRET_LENGTH} characters`,
        );
      }
      return given;
    }
    if (!before) throw AppError.invalidBody('Give the client secret the provider issued');
    return this.secrets.open(accountId, before.clientSecret);
  }
}
