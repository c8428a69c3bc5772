import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatInstant } from '../../components/format';
import { fakeGraphql, Refusal } from '../../testing/graphql-transport';
import { renderPage } from '../../testing/render';
import { DependencyNotice } from './DependencyNotice';

const SINCE = '2026-11-30T12:00:03.000+00:00';

describe('the notice of missing dependencies', () => {
  it('says which dependency is missing, since when, and what that means', async () => {
    fakeGraphql({
      OpsMissingDependencies: () => ({
        opsMissingDependencies: [{ dependency: 'redis', since: SINCE }],
      }),
    });
    renderPage(<DependencyNotice />);

    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toBe(
      `Redis cannot be reached since ${formatInstant(SINCE)}: each instance counts the rate limits on its own until it is back.`,
    );
  });

  it('shows the service’s own answer while its database is away', async () => {
    const answer = `The service is briefly unavailable: its database cannot be reached (since ${SINCE}). Try again in 5 seconds.`;
    fakeGraphql({
      OpsMissingDependencies: () => {
        throw new Refusal(answer, 'unavailable');
      },
    });
    renderPage(<DependencyNotice />);

    expect((await screen.findByRole('alert')).textContent).toBe(answer);
  });
});
