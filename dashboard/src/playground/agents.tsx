// The playground's agent-run tab: the start form; a started run opens on its own page
// (/runs/{id}: the live timeline, the rows, CSV and lists; pages/runs.tsx).
import { Link, navigate } from '../router.tsx'
import { StartRunForm } from '../runs/start.tsx'

export function AgentPanel({ canStart }: { canStart: boolean }) {
  return (
    <div className="stack">
      {canStart ? (
        <StartRunForm onStarted={(id) => navigate(`/runs/${encodeURIComponent(id)}`)} />
      ) : (
        <p className="muted">Your role can read agent runs but not start them (it lacks dsp.agents.write).</p>
      )}
      <p className="muted">
        A started run opens on its own page, where its progress shows live. Earlier runs are on the{' '}
        <Link to="/runs">Agent runs</Link> page.
      </p>
    </div>
  )
}
