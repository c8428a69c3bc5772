import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { graphql } from '../gql';
import type { SsoSettingsQuery } from '../gql/graphql';
import { graphqlRequest } from '../app/graphql';
import { ErrorNotice } from './ErrorNotice';
import { Field } from './Field';

graphql(`
  fragment SsoSettingsFields on SsoSettings {
    issuer
    clientId
    clientSecretSet
    allowedDomains
    ssoRequired
  }
`);

const SSO_SETTINGS = graphql(`
  query SsoSettings {
    ssoSettings {
      ...SsoSettingsFields
    }
  }
`);

const SET_SSO_SETTINGS = graphql(`
  mutation SetSsoSettings($input: SsoSettingsInput!) {
    setSsoSettings(input: $input) {
      ...SsoSettingsFields
    }
  }
`);

const REMOVE_SSO_SETTINGS = graphql(`
  mutation RemoveSsoSettings {
    removeSsoSettings
  }
`);

const SSO_KEY = ['ssoSettings'];

interface Draft {
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  ssoRequired: boolean;
}

type StoredSettings = NonNullable<SsoSettingsQuery['ssoSettings']>;

const draftOf = (stored: StoredSettings | null): Draft => ({
  issuer: stored?.issuer ?? '',
  clientId: stored?.clientId ?? '',
  clientSecret: '',
  domains: stored?.allowedDomains.join(', ') ?? '',
  ssoRequired: stored?.ssoRequired ?? false,
});

/** "example.com, Example.org" or one a line → the list the server normalises. */
const domainList = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((domain) => domain.trim())
    .filter((domain) => domain !== '');

/**
 * The account's single sign-on (docs/teams.md): the OpenID provider's issuer and client, the
 * client secret (write only: the server never sends it back), the email domains that sign in
 * through it, and whether password sign-in is refused to the account's users.
 */
export function SsoSettings({ callbackUrl }: { callbackUrl: string }) {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: SSO_KEY, queryFn: () => graphqlRequest(SSO_SETTINGS) });
  const stored = settings.data?.ssoSettings ?? null;
  const save = useMutation({
    mutationFn: (draft: Draft) =>
      graphqlRequest(SET_SSO_SETTINGS, {
        input: {
          issuer: draft.issuer,
          clientId: draft.clientId,
          clientSecret: draft.clientSecret === '' ? null : draft.clientSecret,
          allowedDomains: domainList(draft.domains),
          ssoRequired: draft.ssoRequired,
        },
      }),
    onSuccess: (data) => queryClient.setQueryData(SSO_KEY, { ssoSettings: data.setSsoSettings }),
  });
  const remove = useMutation({
    mutationFn: () => graphqlRequest(REMOVE_SSO_SETTINGS),
    onSuccess: () => queryClient.setQueryData(SSO_KEY, { ssoSettings: null }),
  });
  const edited = () => {
    save.reset();
    remove.reset();
  };
  return (
    <section className="card" aria-labelledby="sso-settings">
      <h2 id="sso-settings">Single sign-on (SSO)</h2>
      <p>
        Your users sign in through your OpenID Connect provider. Register this service there as a
        web client with the redirect URI <code className="url">{callbackUrl}</code>, then give its
        details here.
      </p>
      <ErrorNotice error={settings.error} />
      {/* Keyed by what is stored: the fields start over from it after each save. */}
      <SsoForm
        key={JSON.stringify(stored)}
        stored={stored}
        pending={save.isPending || settings.isPending}
        onEdit={edited}
        onSave={(draft) => save.mutate(draft)}
      />
      <ErrorNotice error={save.error ?? remove.error} />
      <p role="status">
        {save.isSuccess ? 'SSO settings saved.' : remove.isSuccess ? 'SSO turned off.' : ''}
      </p>
      {stored && (
        <button
          type="button"
          className="secondary"
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          Turn off SSO
        </button>
      )}
    </section>
  );
}

function SsoForm({
  stored,
  pending,
  onEdit,
  onSave,
}: {
  stored: StoredSettings | null;
  pending: boolean;
  onEdit: () => void;
  onSave: (draft: Draft) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(stored));
  const change = (patch: Partial<Draft>) => {
    setDraft((before) => ({ ...before, ...patch }));
    onEdit();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(draft);
  };
  return (
    <form onSubmit={submit} aria-label="SSO settings">
      <Field
        label="Issuer URL"
        type="url"
        required
        placeholder="https://login.example.com"
        value={draft.issuer}
        onChange={(e) => change({ issuer: e.target.value })}
      />
      <Field
        label="Client ID"
        required
        value={draft.clientId}
        onChange={(e) => change({ clientId: e.target.value })}
      />
      <Field
        label="Client secret"
        type="password"
        autoComplete="off"
        required={!stored?.clientSecretSet}
        value={draft.clientSecret}
        onChange={(e) => change({ clientSecret: e.target.value })}
        hint={
          stored?.clientSecretSet
            ? 'A secret is stored (sealed, never shown). Leave empty to keep it.'
            : 'Stored sealed; never shown again.'
        }
      />
      <Field
        label="Allowed email domains"
        required
        placeholder="example.com, example.org"
        value={draft.domains}
        onChange={(e) => change({ domains: e.target.value })}
        hint="Users with these domains sign in through your provider; new ones are created as members. A domain belongs to one account only."
      />
      <label className="backfill-choice">
        <input
          type="checkbox"
          checked={draft.ssoRequired}
          onChange={(e) => change({ ssoRequired: e.target.checked })}
        />
        Require SSO (password sign-in is refused to your users, owners excepted)
      </label>
      <button type="submit" disabled={pending}>
        Save SSO settings
      </button>
    </form>
  );
}
