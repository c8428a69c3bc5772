import { AlertEntity } from '../../alerts/alert.entity.js';
import { alertsMail, confirmationMail, EXCERPT_LENGTH, excerpt } from './mail-templates.js';

const UNSUBSCRIBE = 'https://alerts.example.com/email/unsubscribe/abc';

function alert(overrides: Partial<AlertEntity>): AlertEntity {
  return Object.assign(new AlertEntity(), {
    id: 'a1',
    accountId: 'acc',
    keywordId: 'k1',
    keywordText: 'acme',
    event: 'post',
    redditId: 't3_x',
    title: 'A post',
    subreddit: 'technology',
    subredditKey: 'technology',
    author: 'someone',
    selftext: '',
    url: 'https://www.reddit.com/r/technology/comments/x/a_post/',
    upvotes: 1,
    replies: 0,
    createdUtc: 0,
    comment: null,
    commentUpvotes: null,
    matchedAt: 0,
    ...overrides,
  });
}

const mailOf = (alerts: AlertEntity[], notShown = 0) =>
  alertsMail({ frequency: 'instant', alerts, notShown, unsubscribeUrl: UNSUBSCRIBE });

describe('alert mails', () => {
  it('cut a long comment on a word boundary with an ellipsis, in both parts', () => {
    const body = `${'word '.repeat(200)}END`;
    const { text, html } = mailOf([alert({ event: 'comment', comment: body })]);
    const shown = excerpt(body);
    expect([...shown].length).toBeLessThanOrEqual(EXCERPT_LENGTH);
    expect(shown).toMatch(/^word( word)+…$/);
    expect(text).toContain(`> ${shown}`);
    expect(html).toContain(shown);
    expect(text).not.toContain('END');
  });

  it('escape a title full of markup in the HTML part and keep it as written in the text part', () => {
    const title = `<script>alert("x")</script> <a href='javascript:1'>&amp; "acme"</a>`;
    const { text, html } = mailOf([alert({ title, author: '<b>me</b>', subreddit: 'x&y' })]);
    expect(html).not.toMatch(/<script|<a href='javascript|<b>me/);
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &lt;a href=&#39;javascript:1&#39;&gt;&amp;amp; &quot;acme&quot;&lt;/a&gt;',
    );
    expect(html).toContain('u/&lt;b&gt;me&lt;/b&gt;');
    expect(text).toContain(title);
  });

  it('keep non-Latin text whole, and count code points, not UTF-16 units, when cutting', () => {
    const title = 'Что лучше: acme или 其他? 🚀 مرحبا';
    const body = '漢字'.repeat(400);
    const { subject, text, html } = mailOf([alert({ title, selftext: body })]);
    expect(subject).toBe('New mention of "acme" in r/technology');
    expect(text).toContain(title);
    expect(html).toContain(title);
    const shown = excerpt(body);
    expect([...shown]).toHaveLength(EXCERPT_LENGTH);
    expect(shown.endsWith('…')).toBe(true);
    expect(excerpt('🚀'.repeat(EXCERPT_LENGTH + 1)).endsWith('🚀…')).toBe(true);
  });

  it('say how many alerts a digest leaves out, and link the unsubscribe page in both parts', () => {
    const mail = alertsMail({
      frequency: 'daily',
      alerts: [alert({}), alert({ id: 'a2' })],
      notShown: 7,
      unsubscribeUrl: UNSUBSCRIBE,
    });
    expect(mail.subject).toBe('Your daily Reddit digest: 9 new mentions');
    expect(mail.text).toContain('7 more not shown here');
    expect(mail.text).toContain(`Unsubscribe: ${UNSUBSCRIBE}`);
    expect(mail.html).toContain(`<a href="${UNSUBSCRIBE}">Unsubscribe</a>`);
  });
});

describe('the confirmation mail', () => {
  it('links the confirmation page and says when the link expires', () => {
    const mail = confirmationMail({
      frequency: 'hourly',
      confirmUrl: 'https://alerts.example.com/email/confirm/tok',
      unsubscribeUrl: UNSUBSCRIBE,
      expiresAt: new Date('2026-11-23T10:00:00.000Z'),
    });
    expect(mail.text).toContain('Confirm here: https://alerts.example.com/email/confirm/tok');
    expect(mail.text).toContain('2026-11-23 10:00:00 UTC');
    expect(mail.html).toContain('href="https://alerts.example.com/email/confirm/tok"');
  });
});
