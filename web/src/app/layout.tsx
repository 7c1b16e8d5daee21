// The root layout: header with navigation and account, the page, and the footer.
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { Link, NavLink, Outlet, ScrollRestoration, useLocation } from '../lib/router/index.tsx';
import { sessionManager } from '../lib/nakama/session.ts';
import { useAccount } from '../stores/account.ts';
import { useAuthenticated } from '../stores/session.ts';
import { currencyName } from '../shared/i18n/currency.ts';
import { formatNumber } from '../shared/i18n/number.ts';
import { initials, personName } from '../shared/lib/person.ts';
import { withReturn } from '../shared/lib/return-to.ts';
import { COMMUNITY_CHAT_URL, layoutMessages as m } from './messages.ts';
import { AdminLink } from './admin-link.tsx';
import { useOfflineWithoutPage } from './pwa/offline.ts';
import { useOnline, usePwaState } from './pwa/pwa-state.ts';

// Loaded for signed-in users only: visitors' first page does not carry them.
const ChatWidget = lazy(() => import('../features/chats/components/chat-widget.tsx').then((m) => ({ default: m.ChatWidget })));
// The installed app's notices and offline page: loaded when there is something to say (precached).
const PwaBar = lazy(() => import('./pwa/pwa-bar.tsx').then((m) => ({ default: m.PwaBar })));
const InstallLink = lazy(() => import('./pwa/pwa-bar.tsx').then((m) => ({ default: m.InstallLink })));
const OfflinePage = lazy(() => import('./pwa/offline-page.tsx').then((m) => ({ default: m.OfflinePage })));
const NotificationBell = lazy(() => import('../features/notifications/components/notification-bell.tsx').then((m) => ({ default: m.NotificationBell })));

const NAV = [
  { to: '/', label: m.home, end: true, mobile: true },
  { to: '/news', label: m.news, mobile: true },
  { to: '/tournaments', label: m.tournaments, mobile: false },
  { to: '/matches', label: m.matches, mobile: true },
  { to: '/teams', label: m.teams, mobile: true },
  { to: '/broadcasts', label: m.broadcasts, mobile: true },
];

function Wallet({ wallet }: { wallet: Record<string, number> }) {
  const entries = Object.entries(wallet);
  if (!entries.length) return null;
  return (
    <Link to="/buyCoins" className="wallet" title={m.buyCoins}>
      {entries.map(([currency, amount]) => (
        <span key={currency} className="wallet-pair">
          <CoinIcon />
          {/* On a phone the name is read, not shown: the coin says it. */}
          <span className="wallet-currency">{currencyName(currency)}</span> <strong>{formatNumber(amount)}</strong>
        </span>
      ))}
    </Link>
  );
}

function CoinIcon() {
  return (
    <svg className="wallet-coin" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="7.5" fill="#e8b004" />
      <circle cx="8" cy="8" r="5" fill="none" stroke="#fff3c4" strokeWidth="1.5" />
    </svg>
  );
}

/** The signed-in user's picture, or their initials. */
function Avatar({ url, name }: { url?: string; name: string }) {
  return url ? (
    <img className="header-avatar" src={url} alt="" width={32} height={32} />
  ) : (
    <span className="header-avatar" aria-hidden="true">{initials(name)}</span>
  );
}

function Account() {
  const authenticated = useAuthenticated();
  // A guest's header shows no account: it is asked for only once signed in.
  const account = useAccount(authenticated);
  const here = useLocation();
  if (!authenticated) {
    // Signing in returns to this page. On a phone only "Войти" stays in the header; the rest is in the menu.
    const path = here.pathname + here.search;
    return (
      <div className="header-actions">
        <Link className="btn btn-ghost" to={withReturn('/login', path)}>{m.login}</Link>
        <Link className="btn btn-primary desktop-only" to={withReturn('/registration', path)}>{m.register}</Link>
        <Link className="btn btn-ghost desktop-only" to="/user/profile">{m.profile}</Link>
      </div>
    );
  }
  const user = account.data?.user;
  const name = user ? personName(user) : '…';
  return (
    <div className="header-actions">
      {/* Coins show from the start (0 before the first purchase), so the wallet always links to the shop. */}
      {account.data && <Wallet wallet={{ COIN: 0, ...account.data.wallet }} />}
      {/* Notifications: signed-in, non-guest users only; the placeholder keeps the header still while it loads. */}
      <Suspense fallback={<span className="bell-placeholder" aria-hidden="true" />}>
        <NotificationBell />
      </Suspense>
      <Link to="/user/profile" className="header-user" title={m.profile}>
        <Avatar url={user?.avatar_url} name={name} />
        <span className="header-username">{name}</span>
      </Link>
      <button type="button" className="btn btn-ghost desktop-only" onClick={() => void sessionManager.logout()}>
        {m.logout}
      </button>
    </div>
  );
}

/** The mobile menu's account links: what the header leaves out on a phone. */
function MobileAccount() {
  const authenticated = useAuthenticated();
  const here = useLocation();
  if (!authenticated) {
    return (
      <div className="nav-mobile-account">
        <Link to={withReturn('/registration', here.pathname + here.search)}>{m.register}</Link>
        <Link to="/user/profile">{m.profile}</Link>
      </div>
    );
  }
  return (
    <div className="nav-mobile-account">
      <Link to="/user/profile">{m.profile}</Link>
      <button type="button" className="link-button" onClick={() => void sessionManager.logout()}>{m.logout}</button>
    </div>
  );
}

/**
 * The phone's menu: open until the next navigation (a link, back or forward: it stays open only on the
 * address it was opened at), Escape (focus goes back to its button) or a tap outside it and its button.
 */
function useMobileMenu(toggle: RefObject<HTMLButtonElement | null>, panel: RefObject<HTMLDivElement | null>) {
  const here = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === here.key;
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenAt(null);
      toggle.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panel.current?.contains(target) && !toggle.current?.contains(target)) setOpenAt(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, toggle, panel]);
  return {
    open,
    flip: () => setOpenAt(open ? null : here.key),
    close: () => setOpenAt(null),
  };
}

export function RootLayout() {
  const menuToggle = useRef<HTMLButtonElement>(null);
  const menuPanel = useRef<HTMLDivElement>(null);
  const menu = useMobileMenu(menuToggle, menuPanel);
  const authenticated = useAuthenticated();
  const offlineWithoutPage = useOfflineWithoutPage();
  const online = useOnline();
  const pwa = usePwaState();
  return (
    <div className="app">
      <a className="skip-link" href="#main">{m.skip}</a>
      <header className="header">
        <Link to="/" className="logo" aria-label={m.logo}>Трибуна</Link>
        <nav className="nav-desktop" aria-label={m.mainNav}>
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to} end={n.end}>{n.label}</NavLink>
          ))}
          {authenticated && <NavLink to="/schedule">{m.mySchedule}</NavLink>}
        </nav>
        <AdminLink compact />
        <Account />
        <button ref={menuToggle} type="button" className="menu-toggle" aria-expanded={menu.open} aria-controls="mobile-menu" onClick={menu.flip}>
          {m.menu}
        </button>
        {menu.open && (
          <div ref={menuPanel} id="mobile-menu" className="menu-panel" onClick={menu.close}>
            <nav className="nav-mobile" aria-label={m.mobileNav}>
              {NAV.filter((n) => n.mobile).map((n) => (
                <NavLink key={n.to} to={n.to} end={n.end}>{n.label}</NavLink>
              ))}
              {authenticated && <NavLink to="/schedule">{m.mySchedule}</NavLink>}
              <AdminLink />
            </nav>
            <MobileAccount />
          </div>
        )}
      </header>
      {(!online || pwa.update || (pwa.install && pwa.engaged)) && (
        <Suspense fallback={null}>
          {/* The offline page says it is offline itself. */}
          <PwaBar offlineNotice={!offlineWithoutPage} />
        </Suspense>
      )}
      <main id="main" className="main">
        {offlineWithoutPage ? (
          <Suspense fallback={null}>
            <OfflinePage />
          </Suspense>
        ) : (
          <Outlet />
        )}
      </main>
      <footer className="footer">
        <nav aria-label={m.footerNav}>
          <Link to="/tv-schedule">{m.tvSchedule}</Link>
          {authenticated && <Link to="/buyCoins">{m.buyCoins}</Link>}
          <Link to="/termsOfUse">{m.terms}</Link>
          <Link to="/about">{m.contacts}</Link>
          <a href={COMMUNITY_CHAT_URL} target="_blank" rel="noopener noreferrer">{m.communityChat}</a>
          {pwa.install && (
            <Suspense fallback={null}>
              <InstallLink />
            </Suspense>
          )}
        </nav>
        <p>© {new Date().getFullYear()} Трибуна</p>
      </footer>
      {/* Chat and friends: signed-in, non-guest users only. */}
      {authenticated && (
        <Suspense fallback={null}>
          <ChatWidget />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
