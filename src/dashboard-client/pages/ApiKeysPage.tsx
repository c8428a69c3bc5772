import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiKeyTable } from '../components/ApiKeyTable';
import { EmptyState } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { OnceSecret } from '../components/OnceSecret';
import { Page } from '../components/Page';
import { QueryState } from '../components/QueryState';
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
    }
  }
`);

const CREATE_API_KEY = graphql(`
  mutation CreateApiKey {
    createApiKey {
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

/** decisions section 9: "Create key" shows the key once; "Revoke" ends one at once. */
export function ApiKeysPage() {
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: API_KEYS_KEY, queryFn: () => graphqlRequest(API_KEYS_QUERY) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
  const create = useMutation({
    mutationFn: () => graphqlRequest(CREATE_API_KEY),
    onSuccess: refresh,
  });
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
        <button type="button" onClick={() => create.mutate()} disabled={create.isPending}>
          Create key
        </button>
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
