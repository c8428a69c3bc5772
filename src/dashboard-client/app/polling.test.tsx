import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeGraphql } from '../testing/graphql-transport';
import { renderPage } from '../testing/render';
import { LongFailingBanner } from './LongFailingBanner';
import { QUERY_DEFAULTS } from './query-defaults';

/** What the browser does when the tab is put in the background or brought back. */
function showTab(visible: boolean): void {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (visible ? 'visible' : 'hidden'),
  });
  // As the browser fires it: at the document, bubbling to the window.
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

afterEach(() => {
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('a polled query', () => {
  it('is read again at once when the tab shows again, not at its next interval', async () => {
    // The banner polls once a minute: a second read within the test is the tab's return.
    const server = fakeGraphql({ LongFailingWebhooks: () => ({ longFailingWebhooks: [] }) });
    renderPage(<LongFailingBanner />, QUERY_DEFAULTS);
    await waitFor(() => expect(server.sent('LongFailingWebhooks')).toHaveLength(1));

    showTab(false);
    showTab(true);

    await waitFor(() => expect(server.sent('LongFailingWebhooks')).toHaveLength(2));
  });
});
