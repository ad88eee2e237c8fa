// Sign-in and sign-up (POST /v1/auth/sign-in, /v1/auth/sign-up), and activation of a
// not_activated member (POST /v1/auth/activate).
import { useState, type FormEvent } from 'react'
import { ApiProblem, post, setCsrfToken } from '../api.ts'
import { Link, usePath } from '../router.tsx'
import type { SessionView } from '../types.ts'
import { ErrorMessage, PageTitle } from '../ui.tsx'

function authMessage(e: unknown): unknown {
  if (!(e instanceof ApiProblem)) return e
  if (e.code === 'auth.invalid_credentials') return new Error('The email or password is wrong.')
  if (e.code === 'auth.account_exists') return new Error('An account with this email exists. Sign in instead.')
  // A refused password (too short, too easy to guess): the server's sentence says why.
  const entries = (e.problem?.extra as { errors?: { loc: unknown[]; msg: string }[] } | undefined)?.errors
  const weak = e.code === 'request.invalid' ? entries?.find((x) => x.loc[1] === 'password') : undefined
  if (weak) return new Error(weak.msg)
  if (e.code === 'auth.insufficient_scope')
    return new Error(
      'Your account has no access to this platform. Ask an owner or admin of your organisation for a role.',
    )
  return e
}

export function AuthPage({ mode, onSignedIn }: { mode: 'sign-in' | 'sign-up'; onSignedIn: (me: SessionView) => void }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [workspace, setWorkspace] = useState('')
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const path = usePath()
  const signUp = mode === 'sign-up'

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const body = signUp
        ? { email, password, ...(workspace.trim() ? { workspace_name: workspace.trim() } : {}) }
        : { email, password }
      const me = await post<SessionView>(signUp ? '/v1/auth/sign-up' : '/v1/auth/sign-in', body)
      setCsrfToken(me.csrf_token)
      onSignedIn(me)
    } catch (err) {
      setError(authMessage(err))
    } finally {
      setBusy(false)
    }
  }

  const elsewhere = path !== '/' && path !== '/sign-in' && path !== '/sign-up'
  return (
    <main id="main" className="narrow">
      <PageTitle>{signUp ? 'Create your account' : 'Sign in'}</PageTitle>
      {elsewhere && <p>Sign in to continue to this page.</p>}
      <form onSubmit={(e) => void submit(e)} className="card stack" aria-describedby="auth-help">
        <div className="field">
          <label htmlFor="auth-email">Email</label>
          <input
            id="auth-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="auth-password">Password</label>
          <input
            id="auth-password"
            type="password"
            autoComplete={signUp ? 'new-password' : 'current-password'}
            required
            minLength={signUp ? 10 : 1}
            maxLength={200}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby={signUp ? 'auth-password-hint' : undefined}
          />
          {signUp && (
            <small id="auth-password-hint" className="muted">
              At least 10 characters and hard to guess: not a common password, a keyboard pattern or part of your email.
              A phrase of several unrelated words works well.
            </small>
          )}
        </div>
        {signUp && (
          <div className="field">
            <label htmlFor="auth-workspace">Workspace name (optional)</label>
            <input
              id="auth-workspace"
              type="text"
              maxLength={200}
              autoComplete="organization"
              value={workspace}
              onChange={(e) => setWorkspace(e.target.value)}
            />
          </div>
        )}
        <ErrorMessage error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Please wait…' : signUp ? 'Create account' : 'Sign in'}
        </button>
        <p id="auth-help" className="muted">
          {signUp ? (
            <>
              Already have an account? <Link to="/sign-in">Sign in</Link>.
            </>
          ) : (
            <>
              New here? <Link to="/sign-up">Create an account</Link>.
            </>
          )}
        </p>
      </form>
    </main>
  )
}

export function ActivatePage({ me, onActivated }: { me: SessionView; onActivated: (me: SessionView) => void }) {
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const activate = async () => {
    setBusy(true)
    try {
      onActivated(await post<SessionView>('/v1/auth/activate'))
    } catch (e) {
      setError(e)
    } finally {
      setBusy(false)
    }
  }
  return (
    <main id="main" className="narrow">
      <PageTitle>Activate the platform</PageTitle>
      <div className="card stack">
        <p>
          {me.user.email} has a role in <strong>{me.workspace.name}</strong> but has not activated the Data Platform
          yet. Activating lets you use the playground, create API keys and see your usage.
        </p>
        <ErrorMessage error={error} />
        <button type="button" className="primary" disabled={busy} onClick={() => void activate()}>
          Activate
        </button>
      </div>
    </main>
  )
}
