import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { api, onSessionLost, setCsrfToken } from './api/client.js';
import type { ApiError } from './api/errors.js';
import type { Session } from './api/types.js';
import { Layout } from './components/layout.js';
import { Loading, ToastProvider } from './components/ui.js';
import { LiveProvider } from './live.js';
import { AccountPage } from './pages/account.js';
import { AuditLogPage } from './pages/audit-log.js';
import { ConfirmEmailPage } from './pages/confirm-email.js';
import { DeliveriesPage } from './pages/deliveries.js';
import { IncidentDetailPage } from './pages/incident-detail.js';
import { IncidentsPage } from './pages/incidents.js';
import { LoginPage } from './pages/login.js';
import { MaintenancePage } from './pages/maintenance.js';
import { MaintenanceEditPage, MaintenanceNewPage } from './pages/maintenance-form.js';
import { MonitorDetailPage } from './pages/monitor-detail.js';
import { MonitorEditPage, MonitorNewPage } from './pages/monitor-form.js';
import { MonitorsPage } from './pages/monitors.js';
import { NotFoundPage } from './pages/not-found.js';
import { PolicyDetailPage } from './pages/policy-detail.js';
import { PolicyEditPage, PolicyNewPage } from './pages/policy-form.js';
import { PoliciesPage } from './pages/policies.js';
import { SetPasswordPage } from './pages/set-password.js';
import { StatusPageSettings } from './pages/status-page.js';
import { TeamPage } from './pages/team.js';
import { TokensPage } from './pages/tokens.js';
import { RouterProvider, match, navigate, useLocation } from './router.js';
import { SessionContext, useSession } from './session.js';
import { TwoFactorRequiredPage } from './pages/two-factor.js';

type Page = { pattern: string; render: (params: Record<string, string>) => ReactNode };

/** Every signed-in page, most specific first. */
const PAGES: Page[] = [
  { pattern: '/monitors', render: () => <MonitorsPage /> },
  { pattern: '/monitors/new', render: () => <MonitorNewPage /> },
  { pattern: '/monitors/:id', render: (p) => <MonitorDetailPage id={p.id!} /> },
  { pattern: '/monitors/:id/edit', render: (p) => <MonitorEditPage id={p.id!} /> },
  { pattern: '/incidents', render: () => <IncidentsPage /> },
  { pattern: '/incidents/:id', render: (p) => <IncidentDetailPage id={p.id!} /> },
  { pattern: '/maintenance', render: () => <MaintenancePage /> },
  { pattern: '/maintenance/new', render: () => <MaintenanceNewPage /> },
  { pattern: '/maintenance/:id/edit', render: (p) => <MaintenanceEditPage id={p.id!} /> },
  { pattern: '/status-page', render: () => <StatusPageSettings /> },
  { pattern: '/notifications', render: () => <PoliciesPage /> },
  { pattern: '/notifications/new', render: () => <PolicyNewPage /> },
  { pattern: '/notifications/:id', render: (p) => <PolicyDetailPage id={p.id!} /> },
  { pattern: '/notifications/:id/edit', render: (p) => <PolicyEditPage id={p.id!} /> },
  { pattern: '/deliveries', render: () => <DeliveriesPage /> },
  { pattern: '/team', render: () => <TeamPage /> },
  { pattern: '/account', render: () => <AccountPage /> },
  { pattern: '/confirm-email', render: () => <ConfirmEmailPage /> },
  { pattern: '/tokens', render: () => <TokensPage /> },
  { pattern: '/audit-log', render: () => <AuditLogPage /> },
];

function SignedIn() {
  const { path } = useLocation();
  const { session } = useSession();
  useEffect(() => {
    if (path === '/' || path === '/login' || path === '/set-password') navigate('/monitors', { replace: true });
  }, [path]);
  // A team that requires two-factor sign-in: a member without it sets it up before anything else.
  if (session.twoFactor.requiredByTeam && !session.twoFactor.enabled) return <TwoFactorRequiredPage />;
  for (const page of PAGES) {
    const params = match(page.pattern, path);
    if (params) return <>{page.render(params)}</>;
  }
  return path === '/' || path === '/login' || path === '/set-password' ? null : <NotFoundPage />;
}

function Root() {
  const [session, setSessionState] = useState<Session | null | undefined>(undefined);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [ended, setEnded] = useState(false);
  const { path } = useLocation();

  const setSession = useCallback((next: Session | null) => {
    setCsrfToken(next?.csrfToken ?? null);
    setSessionState(next);
  }, []);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setSession(await api.GET('/api/v1/session'));
    } catch (error) {
      const problem = error as ApiError;
      if (problem.status === 401) setSession(null);
      else setLoadError(problem);
    }
  }, [setSession]);

  useEffect(() => {
    void load();
    onSessionLost(() => {
      setEnded(true);
      setSession(null);
    });
  }, [load, setSession]);

  const signOut = useCallback(async () => {
    try {
      await api.DELETE('/api/v1/session');
    } finally {
      setEnded(false);
      setSession(null);
      navigate('/login');
    }
  }, [setSession]);

  if (loadError) {
    return (
      <div className="center-screen">
        <div className="state state-error" role="alert">
          <h3>Lookout is not reachable</h3>
          <p>{loadError.detail}</p>
          <button className="btn btn-primary btn-md" onClick={() => void load()}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  if (session === undefined) {
    return (
      <div className="center-screen">
        <Loading label="Loading Lookout…" />
      </div>
    );
  }
  if (session === null) {
    if (path === '/set-password') return <SetPasswordPage onSignedIn={setSession} />;
    if (path === '/confirm-email') return <ConfirmEmailPage />;
    return (
      <LoginPage
        ended={ended}
        onSignedIn={(s) => {
          setEnded(false);
          setSession(s);
          const next = new URLSearchParams(window.location.search).get('next');
          navigate(
            next && next.startsWith('/') && !next.startsWith('//') ? next : window.location.pathname === '/login' ? '/monitors' : window.location.pathname,
            {
              replace: true,
            },
          );
        }}
      />
    );
  }
  return (
    <SessionContext.Provider value={{ session, setSession, signOut }}>
      <LiveProvider key={session.team.id} teamId={session.team.id}>
        <Layout>
          <SignedIn key={session.team.id} />
        </Layout>
      </LiveProvider>
    </SessionContext.Provider>
  );
}

export function App() {
  return (
    <RouterProvider>
      <ToastProvider>
        <Root />
      </ToastProvider>
    </RouterProvider>
  );
}
