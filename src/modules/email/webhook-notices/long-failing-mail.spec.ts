import { longFailingMail, type NoticedWebhook } from './long-failing-mail.js';

const orders: NoticedWebhook = {
  name: 'Orders <prod>',
  host: 'hooks.example.com:8443',
  failingSince: Date.parse('2026-11-18T09:30:05.250Z'),
  lastError: 'HTTP 502 Bad Gateway',
  pageUrl: 'https://alerts.example.test/dashboard/webhooks/w1',
};
const chat: NoticedWebhook = {
  name: 'Team chat',
  host: 'chat.example.org',
  failingSince: Date.parse('2026-11-17T00:00:00.000Z'),
  lastError: null,
  pageUrl: 'https://alerts.example.test/dashboard/webhooks/w2',
};

describe('longFailingMail', () => {
  it('names one webhook in the subject, with its host, since when it fails, its error and its page', () => {
    const mail = longFailingMail([orders]);

    expect(mail.subject).toBe('Webhook "Orders <prod>" has failed for 3 days');
    expect(mail.text).toContain(
      [
        'Orders <prod> (hooks.example.com:8443)',
        'Failing since: 2026-11-18 09:30:05 UTC',
        'Last error: HTTP 502 Bad Gateway',
        'https://alerts.example.test/dashboard/webhooks/w1',
      ].join('\n'),
    );
    expect(mail.text).toMatch(/^Every attempt to deliver to this webhook has failed for 3 days/);
    expect(mail.html).toContain(
      '<a href="https://alerts.example.test/dashboard/webhooks/w1">Orders &lt;prod&gt;</a> (hooks.example.com:8443)',
    );
    expect(mail.html).not.toContain('<prod>');
  });

  it('counts several webhooks in the subject and lists each, in the order given', () => {
    const mail = longFailingMail([chat, orders]);

    expect(mail.subject).toBe('2 webhooks have failed for 3 days');
    expect(mail.text).toMatch(/^Every attempt to deliver to these webhooks/);
    expect(mail.text.indexOf('Team chat')).toBeLessThan(mail.text.indexOf('Orders'));
    expect(mail.text).toContain('Last error: none recorded');
    expect(mail.html.match(/<li/g)).toHaveLength(2);
  });
});
