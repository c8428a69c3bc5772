import { escapeHtml } from '../sending/mail-templates.js';

/** A button that POSTs back to the page's own URL: following a link alone changes nothing. */
export interface PageButton {
  label: string;
}

/** A small self-contained page (no script; its one style inline, allowed by its own policy). */
export function emailPage(title: string, message: string, button?: PageButton): string {
  const form =
    button === undefined
      ? ''
      : `<form method="post"><button type="submit">${escapeHtml(button.label)}</button></form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}button{font-size:1rem;padding:.5rem 1rem}</style>
</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${form}</main></body></html>
`;
}

export const EMAIL_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  // The URL is the token: never handed to another site.
  'Referrer-Policy': 'no-referrer',
};
