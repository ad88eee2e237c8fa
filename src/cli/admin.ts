// dsp admin <command>: a thin client over /admin/v1 (DSP_URL, DSP_ADMIN_TOKEN) that prints the JSON.
import { Command } from 'commander'
import type { Config } from '../config.ts'

async function call(method: string, path: string, body?: unknown): Promise<void> {
  const base = (process.env.DSP_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '')
  const token = process.env.DSP_ADMIN_TOKEN
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

const num = (v: string) => Number(v)

export function adminCommand(_config: () => Readonly<Config>): Command {
  const admin = new Command('admin').description('Operator commands over /admin/v1 (env DSP_URL, DSP_ADMIN_TOKEN)')

  const ws = admin.command('workspaces').description('Workspaces')
  ws.command('create')
    .requiredOption('--name <name>')
    .option('--credits <n>', 'platform allocation', num)
    .option('--shared-credits <n>', 'organisation pool', num)
    .option('--purchased', 'mark as having bought credits')
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
    .description('Grant credits')
    .argument('<workspace_id>')
    .requiredOption('--amount <n>', 'credits', num)
    .option('--pool <pool>', 'allocated or shared')
    .action((id: string, o: { amount: number; pool?: string }) =>
      call('POST', `/admin/v1/workspaces/${id}/credits`, { amount: o.amount, pool: o.pool }),
    )

  const keys = admin.command('keys').description('API keys')
  keys
    .command('create')
    .argument('<workspace_id>')
    .requiredOption('--environment <env>', 'live or test')
    .option('--scopes <list>', 'comma-separated scopes')
    .option('--expires-in-days <n>', 'days', num)
    .option('--name <name>')
    .action((id: string, o: { environment: string; scopes?: string; expiresInDays?: number; name?: string }) =>
      call('POST', `/admin/v1/workspaces/${id}/keys`, {
        environment: o.environment,
        scopes: o.scopes?.split(','),
        expires_in_days: o.expiresInDays,
        name: o.name,
      }),
    )
  keys
    .command('revoke')
    .argument('<key_id>')
    .action((id: string) => call('DELETE', `/admin/v1/keys/${id}`))

  admin
    .command('members')
    .description('Add or update a member')
    .argument('<workspace_id>')
    .requiredOption('--email <email>')
    .option('--role <role>')
    .requiredOption('--state <state>')
    .option('--password <password>')
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
    .argument('<seconds>')
    .action((s: string) => call('POST', '/admin/v1/clock', { advance_seconds: Number(s) }))
  clock.command('reset').action(() => call('DELETE', '/admin/v1/clock'))

  const faults = admin.command('faults').description('Fault injection (server with DSP_FAULTS=1)')
  faults
    .command('set')
    .argument('<dependency>')
    .argument('<mode>', 'down, slow or error')
    .option('--seconds <n>', 'duration', num)
    .action((dependency: string, mode: string, o: { seconds?: number }) =>
      call('POST', '/admin/v1/faults', { dependency, mode, seconds: o.seconds }),
    )
  faults.command('clear').action(() => call('DELETE', '/admin/v1/faults'))

  return admin
}
