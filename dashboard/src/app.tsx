// The dashboard shell: who is signed in (GET /v1/auth/me), sign-in and sign-up when nobody is,
// activation for a not_activated member, then the navigation and the page for the path.
import { useEffect, useState } from 'react'
import { get, onSessionEnded, post, setCsrfToken } from './api.ts'
import { AuthPage, ActivatePage } from './pages/auth.tsx'
import { CheckoutPage } from './pages/checkout.tsx'
import { KeysPage } from './pages/keys.tsx'
import { ListsPage } from './pages/lists.tsx'
import { MembersPage } from './pages/members.tsx'
import { ConnectedAppsPage, ConsentPage } from './pages/oauth.tsx'
import { MonitorsPage } from './pages/monitors.tsx'
import { PlaygroundPage } from './pages/playground.tsx'
import { RunPage, RunsPage } from './pages/runs.tsx'
import { UsagePage } from './pages/usage.tsx'
import { WebhooksPage } from './pages/webhooks.tsx'
import { Link, navigate, usePath } from './router.tsx'
import type { SessionView } from './types.ts'
import { Loading, PageTitle } from './ui.tsx'

const NAV = [
  { to: '/', label: 'Playground' },
  { to: '/runs', label: 'Agent runs' },
  { to: '/lists', label: 'Lists' },
  { to: '/monitors', label: 'Monitors' },
  { to: '/webhooks', label: 'Webhooks' },
  { to: '/keys', label: 'API keys' },
  { to: '/usage', label: 'Usage' },
  { to: '/members', label: 'Members' },
  { to: '/connected-apps', label: 'Connected apps' },
] as const

const ROLE_LABEL: Record<string, string> = {
  dsp_owner: 'Owner',
  dsp_admin: 'Admin',
  dsp_developer: 'Developer',
  dsp_viewer: 'Viewer',
}

export function App() {
  // undefined: still asking the server; null: nobody signed in.
  const [me, setMe] = useState<SessionView | null | undefined>(undefined)
  const path = usePath()

  const signedIn = (view: SessionView | null) => {
    setCsrfToken(view?.csrf_token ?? null)
    setMe(view)
  }

  useEffect(() => {
    onSessionEnded(() => signedIn(null))
    get<SessionView>('/v1/auth/me').then(signedIn, () => signedIn(null))
    return () => onSessionEnded(null)
  }, [])

  useEffect(() => {
    if (me && (path === '/sign-in' || path === '/sign-up')) navigate('/', { replace: true })
  }, [me, path])

  if (me === undefined) {
    return (
      <main id="main" className="narrow">
        <Loading what="your session" />
      </main>
    )
  }
  if (me === null) {
    return <AuthPage mode={path === '/sign-up' ? 'sign-up' : 'sign-in'} onSignedIn={signedIn} />
  }
  if (me.state === 'not_activated') return <ActivatePage me={me} onActivated={signedIn} />

  const signOut = async () => {
    try {
      await post('/v1/auth/sign-out')
    } finally {
      signedIn(null)
      navigate('/sign-in', { replace: true })
    }
  }

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <div className="brand">
          <span aria-hidden="true">◆</span> Data Platform
        </div>
        <nav aria-label="Dashboard">
          <ul>
            {NAV.map((n) => (
              <li key={n.to}>
                <Link to={n.to} aria-current={path === n.to || path.startsWith(`${n.to}/`) ? 'page' : undefined}>
                  {n.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="who">
          <span>
            <span className="visually-hidden">Signed in as </span>
            {me.user.email}
          </span>
          <span className="muted">
            {me.workspace.name} · {me.role ? ROLE_LABEL[me.role] : 'No role'}
          </span>
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Page path={path} me={me} />
      </main>
    </>
  )
}

function Page({ path, me }: { path: string; me: SessionView }) {
  if (path === '/' || path === '/sign-in' || path === '/sign-up') return <PlaygroundPage me={me} />
  if (path === '/runs') return <RunsPage me={me} />
  const run = /^\/runs\/([^/]+)$/.exec(path)
  if (run) return <RunPage key={run[1]} me={me} runId={decodeURIComponent(run[1]!)} />
  if (path === '/webhooks') return <WebhooksPage me={me} />
  if (path === '/monitors') return <MonitorsPage me={me} />
  if (path === '/keys') return <KeysPage me={me} />
  if (path === '/usage') return <UsagePage me={me} />
  if (path === '/lists') return <ListsPage />
  if (path === '/members') return <MembersPage />
  if (path === '/oauth/consent') return <ConsentPage me={me} />
  if (path === '/connected-apps') return <ConnectedAppsPage />
  const checkout = /^\/checkout\/([^/]+)$/.exec(path)
  if (checkout) return <CheckoutPage me={me} topupId={decodeURIComponent(checkout[1]!)} />
  return (
    <>
      <PageTitle>Page not found</PageTitle>
      <p>
        There is no dashboard page at this address. <Link to="/">Go to the playground</Link>.
      </p>
    </>
  )
}
