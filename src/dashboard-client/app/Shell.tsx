import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { graphql } from '../gql';
import { graphqlRequest, setCsrfToken } from './graphql';
import { HOME, type Viewer } from './session';

const SIGN_OUT = graphql(`
  mutation SignOut {
    signOut
  }
`);

/** decisions section 9: scripts find the pages by these link names. */
function navigationOf(viewer: Viewer): Array<{ href: string; name: string }> {
  const feed =
    viewer.account.product === 'app'
      ? { href: '/inbox', name: 'Inbox' }
      : { href: HOME, name: 'Alerts' };
  return [
    feed,
    { href: '/keywords', name: 'Keywords' },
    { href: '/webhooks', name: 'Webhooks' },
    { href: '/usage', name: 'Usage' },
    { href: '/api-keys', name: 'API keys' },
    { href: '/feeds', name: 'Feeds' },
    { href: '/account', name: 'Account' },
  ];
}

const isCurrent = (location: string, href: string) =>
  href === HOME ? location === '/' : location === href || location.startsWith(`${href}/`);

export function SignOutButton() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const signOut = useMutation({
    mutationFn: () => graphqlRequest(SIGN_OUT),
    onSettled: () => {
      setCsrfToken(null);
      queryClient.clear();
      navigate('/login', { replace: true });
    },
  });
  return (
    <button type="button" className="secondary" onClick={() => signOut.mutate()}>
      Sign out
    </button>
  );
}

export function Shell({ viewer, children }: { viewer: Viewer; children: ReactNode }) {
  const [location] = useLocation();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="brand">Alerts dashboard</span>
        <span className="who">
          {[viewer.account.name, viewer.user.email].filter((part) => part !== '').join(' · ')}
        </span>
        <SignOutButton />
      </header>
      <nav className="sidebar" aria-label="Main">
        <ul>
          {navigationOf(viewer).map(({ href, name }) => (
            <li key={href}>
              <Link href={href} aria-current={isCurrent(location, href) ? 'page' : undefined}>
                {name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
