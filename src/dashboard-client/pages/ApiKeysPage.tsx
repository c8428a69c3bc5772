import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiKeyTable, SCOPE_LABELS } from '../components/ApiKeyTable';
import { EmptyState } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { Field } from '../components/Field';
import { OnceSecret } from '../components/OnceSecret';
import { Page } from '../components/Page';
import { QueryState } from '../components/QueryState';
import { SelectField } from '../components/SelectField';
import type { ApiKeyScope } from '../gql/graphql';
import { graphql } from '../gql';
import { graphqlRequest } from '../app/graphql';
import { RoleNote, useMay } from '../app/roles';

const API_KEYS_QUERY = graphql(`
  query ApiKeys {
    apiKeys {
      id
      prefix
      createdAt
      lastUsedAt
      revokedAt
      scope
      expiresAt
    }
  }
`);

const CREATE_API_KEY = graphql(`
  mutation CreateApiKey($scope: ApiKeyScope, $expiresAt: String) {
    createApiKey(scope: $scope, expiresAt: $expiresAt) {
      key
      apiKey {
        id
        prefix
      }
    }
  }
`);

const REVOKE_API_KEY = graphql(`
  mutation RevokeApiKey($id: ID!) {
    revokeApiKey(id: $id) {
      id
      revokedAt
    }
  }
`);

const API_KEYS_KEY = ['api-keys'];

const SCOPE_CHOICES = (['write', 'read'] as const).map((scope) => ({
  value: scope,
  label: SCOPE_LABELS[scope],
}));

/** A key "expiring on" a day works through that day: it expires at the next local midnight. */
export function endOfLocalDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date + 1).toISOString();
}

/**
 * decisions sections 9 and 15: "Create key" makes a key of the chosen scope, expiring after the
 * chosen day if one is given, and shows it once; "Revoke" ends one at once.
 */
export function ApiKeysPage() {
  const queryClient = useQueryClient();
  const [scope, setScope] = useState<ApiKeyScope>('write');
  const [expiresOn, setExpiresOn] = useState('');
  const keys = useQuery({ queryKey: API_KEYS_KEY, queryFn: () => graphqlRequest(API_KEYS_QUERY) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
  const create = useMutation({
    mutationFn: () =>
      graphqlRequest(CREATE_API_KEY, {
        scope,
        expiresAt: expiresOn === '' ? null : endOfLocalDay(expiresOn),
      }),
    onSuccess: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const revoke = useMutation({
    mutationFn: (id: string) => graphqlRequest(REVOKE_API_KEY, { id }),
    onSuccess: refresh,
  });
  const may = useMay('admin');
  return (
    <Page title="API keys">
      <p>
        Keys call the REST API under <code>/api/v1</code> and GraphQL as{' '}
        <code>Authorization: Bearer &lt;key&gt;</code>.
      </p>
      <RoleNote needed="admin" what="creating and revoking API keys" />
      {may && (
        <form className="card" onSubmit={submit} aria-label="New API key">
          <SelectField
            label="Scope"
            value={scope}
            choices={SCOPE_CHOICES}
            onChange={(value) => setScope(value as ApiKeyScope)}
            hint="A read-only key may call GET routes and GraphQL queries, nothing that changes the account."
          />
          <Field
            label="Expires on (optional)"
            type="date"
            value={expiresOn}
            onChange={(event) => setExpiresOn(event.target.value)}
            hint="The key works through this day, then is refused. Leave empty for a key that never expires."
          />
          <button type="submit" disabled={create.isPending}>
            Create key
          </button>
        </form>
      )}
      <ErrorNotice error={create.error ?? revoke.error} />
      {create.data && <OnceSecret title="Your new API key" secret={create.data.createApiKey.key} />}
      <QueryState
        query={keys}
        empty={keys.data?.apiKeys.length === 0}
        emptyText={
          <EmptyState purpose="No API keys yet. A key lets your own code and tools read and manage this account; “Create key” makes one and shows it once." />
        }
      >
        <ApiKeyTable
          keys={keys.data?.apiKeys ?? []}
          revoking={revoke.isPending}
          onRevoke={may ? (keyId) => revoke.mutate(keyId) : undefined}
        />
      </QueryState>
    </Page>
  );
}
