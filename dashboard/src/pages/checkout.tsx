// The page a top-up intent's `url` opens (§2.7): a signed-in person with billing permission picks
// an amount and pays with the built-in local provider
// (POST /v1/billing/top-up/intents/{id}/checkout); the intent completes.
import { useState, type FormEvent } from 'react'
import { ApiProblem, get, post } from '../api.ts'
import { Link } from '../router.tsx'
import type { Credits, SessionView, Topup } from '../types.ts'
import { ErrorMessage, formatCredits, formatDate, Loading, PageTitle, Status, useLoad } from '../ui.tsx'

const PRESETS = [100, 500, 1000, 5000]
const LIMITS = { min: 10, max: 100_000 }

function checkoutMessage(e: unknown): unknown {
  if (!(e instanceof ApiProblem)) return e
  if (e.code === 'payment.forbidden') return new Error('Only an owner or admin of this workspace can pay for credits.')
  if (e.code === 'payment.topup_not_found')
    return new Error(
      'This checkout link is unknown, belongs to another workspace, or expired (links last 15 minutes). Start a new top-up.',
    )
  return e
}

export function CheckoutPage({ me, topupId }: { me: SessionView; topupId: string }) {
  const intent = useLoad(
    (signal) => get<Topup>(`/v1/billing/top-up/intents/${encodeURIComponent(topupId)}`, undefined, signal),
    [topupId],
  )
  const [choice, setChoice] = useState<string>('500')
  const [custom, setCustom] = useState('250')
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const [paid, setPaid] = useState<{ topup: Topup; credits: Credits } | null>(null)

  const amount = choice === 'custom' ? Number(custom) : Number(choice)

  const pay = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const topup = await post<Topup>(`/v1/billing/top-up/intents/${encodeURIComponent(topupId)}/checkout`, {
        credits: amount,
      })
      const credits = await get<Credits>('/v1/credits')
      setPaid({ topup, credits })
    } catch (err) {
      setError(checkoutMessage(err))
    } finally {
      setBusy(false)
    }
  }

  const t = paid?.topup ?? intent.data
  return (
    <>
      <PageTitle>Buy credits</PageTitle>
      {intent.loading && !t && <Loading what="the checkout" />}
      <ErrorMessage error={checkoutMessage(intent.error)} />
      {t && t.status === 'completed' && (
        <section className="card stack highlight" aria-labelledby="paid">
          <h2 id="paid">Payment complete</h2>
          <Status>
            {formatCredits(t.credits_added)} credits were added to {me.workspace.name} (order {t.order_id}).
          </Status>
          {paid && (
            <p>
              Spendable now: <strong data-testid="new-balance">{formatCredits(paid.credits.spendable)}</strong> credits.
            </p>
          )}
          <p>
            <Link to="/usage">See your usage and balance</Link>
          </p>
        </section>
      )}
      {t && t.status === 'pending' && (
        <form className="card stack" onSubmit={(e) => void pay(e)} aria-labelledby="amount-title">
          <h2 id="amount-title">Choose an amount</h2>
          <p className="muted">
            For {me.workspace.name}. This link expires {formatDate(t.expires_at)}.
          </p>
          {!me.permissions.billing && (
            <p className="note" role="note">
              Your role cannot pay: ask an owner or admin of the workspace to open this link.
            </p>
          )}
          <fieldset>
            <legend>Credits</legend>
            {PRESETS.map((p) => (
              <label key={p} className="inline">
                <input
                  type="radio"
                  name="amount"
                  value={String(p)}
                  checked={choice === String(p)}
                  onChange={() => setChoice(String(p))}
                />{' '}
                {p.toLocaleString('en')}
              </label>
            ))}
            <label className="inline">
              <input
                type="radio"
                name="amount"
                value="custom"
                checked={choice === 'custom'}
                onChange={() => setChoice('custom')}
              />{' '}
              Other amount
            </label>
            {choice === 'custom' && (
              <div className="field">
                <label htmlFor="custom-amount">Other amount (credits)</label>
                <input
                  id="custom-amount"
                  type="number"
                  min={LIMITS.min}
                  max={LIMITS.max}
                  step="any"
                  required
                  value={custom}
                  onChange={(e) => setCustom(e.target.value)}
                  aria-describedby="custom-hint"
                />
                <small id="custom-hint" className="muted">
                  {LIMITS.min} to {LIMITS.max.toLocaleString('en')} credits.
                </small>
              </div>
            )}
          </fieldset>
          <p className="muted">
            Payment provider: built-in local test provider (no card needed; payments always succeed).
          </p>
          <ErrorMessage error={error} />
          <div>
            <button
              type="submit"
              className="primary"
              disabled={busy || !me.permissions.billing || !Number.isFinite(amount)}
            >
              {busy ? 'Paying…' : `Pay for ${Number.isFinite(amount) ? amount.toLocaleString('en') : '—'} credits`}
            </button>
          </div>
        </form>
      )}
    </>
  )
}
