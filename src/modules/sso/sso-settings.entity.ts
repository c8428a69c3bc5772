import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMillis } from '../../database/column-transformers.js';

/** An account's OpenID provider (docs/teams.md, Single sign-on). */
@Entity('sso_settings')
export class SsoSettingsEntity {
  @PrimaryColumn({ name: 'account_id', type: 'varchar', length: 36 })
  accountId: string;

  /** The issuer identifier, as the provider's discovery document states it. */
  @Column({ type: 'varchar', length: 2048 })
  issuer: string;

  @Column({ name: 'client_id', type: 'varchar', length: 255 })
  clientId: string;

  /** Sealed by sso-client-secret.ts (the webhook secrets' cipher); never stored in the clear. */
  @Column({ name: 'client_secret', type: 'varchar', length: 1024 })
  clientSecret: string;

  /** Password sign-in refused for the account's users, owners excepted (sso-password-rule.ts). */
  @Column({ name: 'sso_required', type: 'boolean' })
  ssoRequired: boolean;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;

  @Column({ name: 'updated_at', type: 'bigint', transformer: epochMillis })
  updatedAt: number;
}

/** An email domain that leads to one account's provider; a domain belongs to one account. */
@Entity('sso_domains')
export class SsoDomainEntity {
  /** Lower-cased. */
  @PrimaryColumn({ type: 'varchar', length: 253 })
  domain: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId: string;
}

/** A sign-in sent to the provider and not back yet. */
@Entity('sso_logins')
export class SsoLoginEntity {
  /** SHA-256 of the state sent to the provider. */
  @PrimaryColumn({ name: 'state_hash', type: 'varchar', length: 64 })
  stateHash: string;

  /** SHA-256 of the secret in the browser's sign-in cookie. */
  @Column({ name: 'browser_hash', type: 'varchar', length: 64 })
  browserHash: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId: string;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;

  @Column({ name: 'expires_at', type: 'bigint', transformer: epochMillis })
  expiresAt: number;
}

export const SSO_ENTITIES = [SsoSettingsEntity, SsoDomainEntity, SsoLoginEntity];
