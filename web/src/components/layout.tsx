import { useEffect, useState, type ReactNode } from 'react';
import { api } from '../api/client.js';
import { useLive } from '../live.js';
import { Link, navigate, useLocation } from '../router.js';
import { usePermissions, useSession } from '../session.js';
import { Icon, type IconName } from './icons.js';
import { useToast } from './ui.js';
import { useSubmit } from '../use-submit.js';
import { useFocusKeeper, useFocusOnRouteChange } from '../focus.js';

const NAV: Array<{ to: string; label: string; icon: IconName }> = [
  { to: '/monitors', label: 'Monitors', icon: 'activity' },
  { to: '/incidents', label: 'Incidents', icon: 'alert' },
  { to: '/maintenance', label: 'Maintenance', icon: 'tool' },
  { to: '/status-page', label: 'Status page', icon: 'globe' },
  { to: '/notifications', label: 'Notifications', icon: 'bell' },
  { to: '/deliveries', label: 'Deliveries', icon: 'send' },
];

const SETTINGS: Array<{ to: string; label: string; icon: IconName; admins?: true }> = [
  { to: '/team', label: 'Team', icon: 'users' },
  { to: '/audit-log', label: 'Audit log', icon: 'shield', admins: true },
  { to: '/tokens', label: 'API tokens', icon: 'key' },
  { to: '/account', label: 'Your account', icon: 'lock' },
];

function NavLink({ to, label, icon, onNavigate }: { to: string; label: string; icon: IconName; onNavigate: () => void }) {
  const { path } = useLocation();
  const active = path === to || path.startsWith(`${to}/`);
  return (
    <Link to={to} className={`nav-link ${active ? 'active' : ''}`} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
      <Icon name={icon} />
      <span>{label}</span>
    </Link>
  );
}

function TeamSwitcher() {
  const { session, setSession } = useSession();
  const toast = useToast();
  const change = useSubmit(
    async (teamId: string) => {
      const next = await api.PUT('/api/v1/session/team', { body: { teamId } });
      setSession(next);
      navigate('/monitors');
      toast('info', `Switched to ${next.team.name}`);
    },
    { onError: (error) => toast('error', error.detail) },
  );
  if (session.teams.length < 2) {
    return (
      <div className="team-current">
        <span className="team-avatar" aria-hidden="true">
          {session.team.name.slice(0, 1).toUpperCase()}
        </span>
        <span className="team-name">{session.team.name}</span>
        <span className="team-role">{session.team.role}</span>
      </div>
    );
  }
  return (
    <div className="team-switcher">
      <label htmlFor="team-switcher" className="sr-only">
        Team
      </label>
      <span className="team-avatar" aria-hidden="true">
        {session.team.name.slice(0, 1).toUpperCase()}
      </span>
      <select id="team-switcher" value={session.team.id} disabled={change.busy} onChange={(e) => void change.run(e.target.value)}>
        {session.teams.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name} ({t.role})
          </option>
        ))}
      </select>
      <Icon name="chevronDown" size={16} className="team-chevron" />
    </div>
  );
}

function LiveIndicator() {
  const { connected } = useLive();
  return (
    <span className={`live ${connected ? 'live-on' : 'live-off'}`} title={connected ? 'Status changes appear as they happen' : 'Refreshing every 5 seconds'}>
      <span className="live-dot" aria-hidden="true" />
      {connected ? 'Live' : 'Polling'}
    </span>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { session, signOut } = useSession();
  const { canAdmin } = usePermissions();
  const [open, setOpen] = useState(false);
  const { path } = useLocation();
  useEffect(() => setOpen(false), [path]);
  useFocusOnRouteChange(path);
  useFocusKeeper();
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const close = () => setOpen(false);

  return (
    <div className={`shell ${open ? 'nav-open' : ''}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <button
          type="button"
          className="icon-button"
          aria-label={open ? 'Close menu' : 'Open menu'}
          aria-expanded={open}
          aria-controls="sidebar"
          onClick={() => setOpen(!open)}
        >
          <Icon name={open ? 'x' : 'menu'} size={22} />
        </button>
        <Link to="/monitors" className="brand">
          <img src="/favicon.svg" alt="" width={26} height={26} />
          Lookout
        </Link>
        <LiveIndicator />
      </header>
      <aside id="sidebar" className="sidebar" aria-label="Main">
        <Link to="/monitors" className="brand brand-sidebar">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Lookout
        </Link>
        <TeamSwitcher />
        <nav className="nav">
          {NAV.map((item) => (
            <NavLink key={item.to} {...item} onNavigate={close} />
          ))}
          <p className="nav-heading">Settings</p>
          {SETTINGS.filter((item) => !item.admins || canAdmin).map(({ to, label, icon }) => (
            <NavLink key={to} to={to} label={label} icon={icon} onNavigate={close} />
          ))}
        </nav>
        <div className="sidebar-footer">
          <div className="user">
            <span className="user-avatar" aria-hidden="true">
              {(session.user.name || session.user.email).slice(0, 1).toUpperCase()}
            </span>
            <span className="user-text">
              <span className="user-name">{session.user.name}</span>
              <span className="user-email">{session.user.email}</span>
            </span>
          </div>
          <div className="sidebar-row">
            <LiveIndicator />
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void signOut()}>
              <Icon name="logout" size={15} />
              Sign out
            </button>
          </div>
        </div>
      </aside>
      {open && <div className="scrim" onClick={close} aria-hidden="true" />}
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
