import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { graphql } from '../gql';
import { graphqlRequest, setCsrfToken } from './graphql';
import { HOME, type UserViewer } from './session';

const SIGN_OUT = graphql(`
  mutation SignOut {
    signOut
  }
`);

export interface NavigationLink {
  href: string;
  name: string;
}

/** decisions section 9: scripts find the pages by these link names. */
export function navigationOf(viewer: UserViewer): NavigationLink[] {
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
    { href: '/email', name: 'Email' },
    { href: '/team', name: 'Team' },
    // decisions section 15: the audit log is for admins and owners.
    ...(viewer.role === 'admin' || viewer.role === 'owner'
      ? [{ href: '/audit-log', name: 'Audit log' }]
      : []),
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

/** The frame of every signed-in page: who is signed in, sign out, the navigation, the page. */
export function Shell({
  brand,
  who,
  links,
  children,
}: {
  brand: string;
  who: string;
  links: NavigationLink[];
  children: ReactNode;
}) {
  const [location] = useLocation();
  // On a narrow screen the navigation folds behind "Menu", and folds again once a link is followed.
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLocation, setMenuLocation] = useState(location);
  if (menuLocation !== location) {
    setMenuLocation(location);
    setMenuOpen(false);
  }
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="brand">{brand}</span>
        <button
          type="button"
          className="secondary menu-button"
          aria-expanded={menuOpen}
          aria-controls="main-navigation"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Menu
        </button>
        <span className="who">{who}</span>
        <SignOutButton />
      </header>
      <nav id="main-navigation" className={menuOpen ? 'sidebar open' : 'sidebar'} aria-label="Main">
        <ul>
          {links.map(({ href, name }) => (
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
