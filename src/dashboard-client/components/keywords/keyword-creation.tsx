import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '../../gql';
import type { CreateKeywordInput, KeywordCreationResultFragment } from '../../gql/graphql';
import { graphqlRequest } from '../../app/graphql';

graphql(`
  fragment KeywordCreationResult on KeywordCreation {
    created {
      id
      text
    }
    existing {
      id
      text
    }
    rejected {
      text
      reason
      message
    }
  }
`);

const CREATE_KEYWORDS = graphql(`
  mutation CreateKeywords($keywords: [CreateKeywordInput!]!) {
    createKeywords(keywords: $keywords) {
      ...KeywordCreationResult
    }
  }
`);

export const KEYWORDS_KEY = ['keywords'];
/** Every list that shows the account's keywords, refreshed once some are added. */
const KEYWORD_READERS = [KEYWORDS_KEY, ['keyword-choices'], ['getting-started']];

/** `createKeywords`, wherever keywords are added (the Keywords page, the Alerts checklist). */
export function useCreateKeywords(onCreated: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keywords: CreateKeywordInput[]) => graphqlRequest(CREATE_KEYWORDS, { keywords }),
    onSuccess: () => {
      onCreated();
      for (const queryKey of KEYWORD_READERS) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** What was added, already there and refused, with the server's reason for each refusal. */
export function CreationOutcome({ result }: { result: KeywordCreationResultFragment }) {
  return (
    <div role="status" className="outcome">
      <p>
        Added {result.created.length}
        {result.existing.length > 0 && `, ${result.existing.length} already there`}
        {result.rejected.length > 0 && `, ${result.rejected.length} refused`}.
      </p>
      {result.rejected.length > 0 && (
        <ul>
          {result.rejected.map((rejection) => (
            <li key={rejection.text}>
              “{rejection.text}”: {rejection.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
