// dsp admin <command>: a thin client over /admin/v1 (DSP_URL, DSP_ADMIN_TOKEN) that prints the JSON.
import { Argument, Command, InvalidArgumentError, Option } from 'commander'
import { clientSettings, type Config } from '../config.ts'
import { MEMBER_STATES, ROLES, SCOPES } from '../domain/types.ts'
import { dependencies } from '../faults.ts'

async function call(method: string, path: string, body?: unknown): Promise<void> {
  const client = clientSettings()
  const base = client.url ?? 'http://127.0.0.1:8080'
  const token = client.adminToken
  if (!token) throw new Error("set DSP_ADMIN_TOKEN to the server's admin token")
  const res = await fetch(base + path, {
    method,
    headers: { 'x-admin-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  process.stdout.write((text ? JSON.stringify(JSON.parse(text), null, 2) : `{"status": ${res.status}}`) + '\n')
  if (!res.ok) process.exitCode = 1
}

const num = (v: string) => {
  const n = Number(v)
  if (v.trim() === '' || !Number.isFinite(n)) throw new InvalidArgumentError('a number')
  return n
}

const scopeList = (v: string) => {
  const scopes = v.split(',').map((s) => s.trim())
  const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s))
  if (unknown.length) throw new InvalidArgumentError(`unknown scope ${unknown.join(', ')}; valid: ${SCOPES.join(', ')}`)
  return scopes
}

export function adminCommand(_config: () => Readonly<Config>): Command {
  const admin = new Command('admin').description('Operator commands over /admin/v1 (env DSP_URL, DSP_ADMIN_TOKEN)')

  const ws = admin.command('workspaces').description('Workspaces')
  ws.command('create')
    .description('Create a workspace and print it (its id is the <workspace_id> of the other commands)')
    .requiredOption('--name <name>', 'workspace name (required)')
    .option('--credits <n>', "credits in the workspace's platform allocation", num)
    .option('--shared-credits <n>', "credits in the organisation's shared pool", num)
    .option('--purchased', 'mark the workspace as having bought credits')
    .action((o: { name: string; credits?: number; sharedCredits?: number; purchased?: boolean }) =>
      call('POST', '/admin/v1/workspaces', {
        name: o.name,
        credits: o.credits,
        shared_credits: o.sharedCredits,
        purchased: o.purchased,
      }),
    )

  admin
    .command('credits')
    .description('Grant credits to a workspace')
    .argument('<workspace_id>', 'the workspace (wsp_…)')
    .requiredOption('--amount <n>', 'credits to add (required)', num)
    .addOption(
      new Option('--pool <pool>', 'which pool receives them (server default: allocated)').choices([
        'allocated',
        'shared',
      ]),
    )
    .action((id: string, o: { amount: number; pool?: string }) =>
      call('POST', `/admin/v1/workspaces/${id}/credits`, { amount: o.amount, pool: o.pool }),
    )

  const keys = admin.command('keys').description('API keys')
  keys
    .command('create')
    .description('Create an API key and print it (the secret is shown once)')
    .argument('<workspace_id>', 'the workspace (wsp_…)')
    .addOption(
      new Option('--environment <env>', 'test keys cost nothing, live keys are charged (required)')
        .choices(['live', 'test'])
        .makeOptionMandatory(),
    )
    .option('--scopes <list>', `comma-separated, of ${SCOPES.join(', ')} (server default: all)`, scopeList)
    .option('--expires-in-days <n>', 'days until the key expires (server default: never)', num)
    .option('--name <name>', 'a label for the key')
    .action((id: string, o: { environment: string; scopes?: string[]; expiresInDays?: number; name?: string }) =>
      call('POST', `/admin/v1/workspaces/${id}/keys`, {
        environment: o.environment,
        scopes: o.scopes,
        expires_in_days: o.expiresInDays,
        name: o.name,
      }),
    )
  keys
    .command('revoke')
    .description('Revoke an API key at once')
    .argument('<key_id>', 'the key (its key_id)')
    .action((id: string) => call('DELETE', `/admin/v1/keys/${id}`))

  admin
    .command('members')
    .description('Add a member to a workspace, or update one')
    .argument('<workspace_id>', 'the workspace (wsp_…)')
    .requiredOption('--email <email>', "the member's email (required)")
    .addOption(new Option('--role <role>', 'role (default: none)').choices(ROLES))
    .addOption(
      new Option('--state <state>', 'membership state (required)').choices(MEMBER_STATES).makeOptionMandatory(),
    )
    .option('--password <password>', 'dashboard password, 8 to 200 characters (prefer the sign-up flow)')
    .action((id: string, o: { email: string; role?: string; state: string; password?: string }) =>
      call('POST', `/admin/v1/workspaces/${id}/members`, {
        email: o.email,
        role: o.role ?? null,
        state: o.state,
        password: o.password,
      }),
    )

  const clock = admin.command('clock').description('Test clock (server with DSP_TEST_CLOCK=1)')
  clock
    .command('advance')
    .description("Move the server's test clock forward")
    .argument('<seconds>', 'seconds to advance, 0 or more', num)
    .action((s: number) => call('POST', '/admin/v1/clock', { advance_seconds: s }))
  clock
    .command('reset')
    .description('Set the test clock back to real time')
    .action(() => call('DELETE', '/admin/v1/clock'))

  const faults = admin.command('faults').description('Fault injection (server with DSP_FAULTS=1)')
  faults
    .command('set')
    .description('Make a dependency fail until cleared (or for --seconds)')
    .addArgument(new Argument('<dependency>', 'the dependency').choices(dependencies))
    .addArgument(
      new Argument('<mode>', 'down: unreachable; slow: past its deadline; error: fails').choices([
        'down',
        'slow',
        'error',
      ]),
    )
    .option('--seconds <n>', 'how long the fault lasts (default: until cleared)', num)
    .action((dependency: string, mode: string, o: { seconds?: number }) =>
      call('POST', '/admin/v1/faults', { dependency, mode, seconds: o.seconds }),
    )
  faults
    .command('clear')
    .description('Clear every fault')
    .action(() => call('DELETE', '/admin/v1/faults'))

  return admin
}
