// The playground: the public API run as the signed-in person (meta.credential session, billed to
// the workspace). Search, record lookup and agent runs, one tab each.
import { AgentPanel } from '../playground/agents.tsx'
import { LookupPanel } from '../playground/lookup.tsx'
import { SearchPanel } from '../playground/search.tsx'
import type { SessionView } from '../types.ts'
import { PageTitle, Tabs } from '../ui.tsx'

export function PlaygroundPage({ me }: { me: SessionView }) {
  const can = (s: SessionView['scopes'][number]) => me.scopes.includes(s)
  return (
    <>
      <PageTitle>Playground</PageTitle>
      <p className="muted">
        Calls run as you, are billed to {me.workspace.name} at live prices, and count toward the dashboard limit of 30
        requests a minute.
      </p>
      <Tabs
        label="Playground tools"
        tabs={[
          {
            id: 'search',
            label: 'Search',
            panel: can('dsp.search.read') ? <SearchPanel /> : <NoScope scope="dsp.search.read" />,
          },
          {
            id: 'lookup',
            label: 'Look up records',
            panel: can('dsp.entities.read') ? <LookupPanel /> : <NoScope scope="dsp.entities.read" />,
          },
          {
            id: 'agents',
            label: 'Agent runs',
            panel: can('dsp.agents.read') ? (
              <AgentPanel canStart={can('dsp.agents.write')} />
            ) : (
              <NoScope scope="dsp.agents.read" />
            ),
          },
        ]}
      />
    </>
  )
}

function NoScope({ scope }: { scope: string }) {
  return (
    <p className="muted">
      Your role does not hold <code>{scope}</code>.
    </p>
  )
}
