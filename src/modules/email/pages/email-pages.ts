import type { NextFunction, Request, Response } from 'express';
import type { ConfirmationResult } from '../subscriptions/email-subscription.store.js';
import type { EmailSubscriptionsService } from '../subscriptions/email-subscriptions.service.js';
import { EMAIL_PAGE_HEADERS, emailPage, type PageButton } from './email-page.html.js';

interface PageAnswer {
  status: number;
  title: string;
  message: string;
  button?: PageButton;
}

const CONFIRM_PROMPT: PageAnswer = {
  status: 200,
  title: 'Confirm your subscription',
  message: 'Press the button to start receiving Reddit keyword alerts at this address.',
  button: { label: 'Confirm subscription' },
};

const UNSUBSCRIBE_PROMPT: PageAnswer = {
  status: 200,
  title: 'Unsubscribe',
  message: 'Press the button to stop these Reddit keyword alert mails.',
  button: { label: 'Unsubscribe' },
};

const CONFIRMATION_ANSWERS: Record<ConfirmationResult, PageAnswer> = {
  confirmed: {
    status: 200,
    title: 'Subscription confirmed',
    message: 'Alerts will now be mailed to this address. Every mail has an unsubscribe link.',
  },
  already_confirmed: {
    status: 200,
    title: 'Already confirmed',
    message: 'This subscription was confirmed before; nothing changed.',
  },
  expired: {
    status: 410,
    title: 'This link has expired',
    message:
      'Confirmation links work for 48 hours. Ask whoever subscribed this address to subscribe it again.',
  },
  unknown: {
    status: 404,
    title: 'Unknown link',
    message:
      'This confirmation link does not belong to any subscription (it may have been deleted).',
  },
};

const UNSUBSCRIBED: PageAnswer = {
  status: 200,
  title: 'Unsubscribed',
  message: 'No more alert mails go to this address from this subscription.',
};

const UNKNOWN_UNSUBSCRIBE: PageAnswer = {
  status: 404,
  title: 'Unknown link',
  message: 'This unsubscribe link does not belong to any subscription (it may have been deleted).',
};

const ROUTE = /^\/(confirm|unsubscribe)\/([^/]+)$/;

function answer(response: Response, page: PageAnswer): void {
  response
    .status(page.status)
    .set(EMAIL_PAGE_HEADERS)
    .send(emailPage(page.title, page.message, page.button));
}

/**
 * The pages a mail links to, under /email, without sign-in: GET shows a button, only POST acts,
 * so a link scanner that fetches every URL of a mail neither confirms nor unsubscribes. A
 * mail client's one-click unsubscribe (RFC 8058) POSTs to the same URL.
 */
export function emailPagesHandler(subscriptions: EmailSubscriptionsService) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const route = ROUTE.exec(request.path);
    const method = request.method;
    if (route === null || !['GET', 'HEAD', 'POST'].includes(method)) {
      next();
      return;
    }
    const [, action, token] = route;
    if (method !== 'POST') {
      answer(response, action === 'confirm' ? CONFIRM_PROMPT : UNSUBSCRIBE_PROMPT);
      return;
    }
    const acted =
      action === 'confirm'
        ? subscriptions.confirm(token).then((result) => CONFIRMATION_ANSWERS[result])
        : subscriptions
            .unsubscribe(token)
            .then((found) => (found ? UNSUBSCRIBED : UNKNOWN_UNSUBSCRIBE));
    acted.then((page) => answer(response, page), next);
  };
}
