import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

// The files a band manager installs on their server (docs/guides/deploy.md), checked for the properties the site
// relies on. A unit or Caddyfile edit that breaks one fails here, not on someone's VPS.
const here = path.dirname(fileURLToPath(import.meta.url))
const repo = path.resolve(here, '..')

type Unit = Map<string, [string, string][]>

/** systemd's unit syntax: `[Section]` headers, `Key=value` lines, `#`/`;` comments. */
function parseUnit(file: string): Unit {
  const unit: Unit = new Map()
  let section: [string, string][] | undefined
  for (const raw of readFileSync(path.join(here, file), 'utf8').split('\n')) {
    const line = raw.trim()
    if (!line || line.startsWith('#') || line.startsWith(';')) continue
    const header = /^\[(\w+)\]$/.exec(line)
    if (header) {
      section = []
      unit.set(header[1]!, section)
      continue
    }
    const eq = line.indexOf('=')
    if (!section || eq < 1) throw new Error(`${file}: not a unit line: ${line}`)
    section.push([line.slice(0, eq), line.slice(eq + 1)])
  }
  return unit
}

const values = (unit: Unit, section: string, key: string) =>
  (unit.get(section) ?? []).filter(([k]) => k === key).map(([, v]) => v)
const value = (unit: Unit, section: string, key: string) => values(unit, section, key).at(-1)
const environment = (unit: Unit) =>
  new Map(
    values(unit, 'Service', 'Environment').map((pair) => {
      const eq = pair.indexOf('=')
      return [pair.slice(0, eq), pair.slice(eq + 1)] as [string, string]
    }),
  )

describe('the systemd unit', () => {
  const unit = parseUnit('band-site.service')
  const env = environment(unit)

  it('runs the production server as a user of its own, restarting it when it fails', () => {
    expect(value(unit, 'Service', 'User')).toMatch(/^[a-z][a-z0-9-]*$/)
    expect(['root', '0']).not.toContain(value(unit, 'Service', 'User'))
    expect(value(unit, 'Service', 'Restart')).toBe('on-failure')
    expect(env.get('NODE_ENV')).toBe('production')
    // A crawl must not leave the young generation at its largest (ADR 177).
    expect(env.get('NODE_OPTIONS')).toMatch(/^--max-semi-space-size=\d+$/)
    expect(value(unit, 'Install', 'WantedBy')).toBe('multi-user.target')
    const [node, ...args] = value(unit, 'Service', 'ExecStart')!.split(' ')
    expect(path.isAbsolute(node!)).toBe(true)
    // A crawl's burst must not leave the old generation at several times what is live (ADR 201).
    expect(args).toEqual([
      expect.stringMatching(/^--heap-growing-percent=\d+$/),
      '--import',
      'tsx',
      'server/index.ts',
    ])
    expect(existsSync(path.join(repo, 'server/index.ts'))).toBe(true)
  })

  it('gives Node only flags this Node accepts (a refused V8 flag would stop the service at start)', async () => {
    const [, ...args] = value(unit, 'Service', 'ExecStart')!.split(' ')
    const flags = args.slice(0, args.indexOf('--import'))
    await expect(promisify(execFile)(process.execPath, [...flags, '-e', ''])).resolves.toBeDefined()
  })

  it('keeps the data dir outside the checkout, private to the service, and reads an environment file', () => {
    const checkout = value(unit, 'Service', 'WorkingDirectory')!
    const dataDir = env.get('DATA_DIR')!
    expect(path.isAbsolute(dataDir)).toBe(true)
    expect(path.relative(checkout, dataDir).startsWith('..')).toBe(true)
    expect(dataDir).toBe(`/var/lib/${value(unit, 'Service', 'StateDirectory')}`)
    expect(value(unit, 'Service', 'StateDirectoryMode')).toBe('0700')
    expect(path.isAbsolute(value(unit, 'Service', 'EnvironmentFile')!)).toBe(true)
  })

  it('listens on loopback only, with the built-in HTTPS port off (Caddy terminates TLS)', () => {
    expect(env.get('HOST')).toBe('127.0.0.1')
    expect(env.get('HTTPS_PORT')).toBe('0')
    expect(env.get('PORT')).toMatch(/^\d+$/)
  })

  it('has a nightly backup, as the same user, of the same data dir, with the same settings', () => {
    const backup = parseUnit('band-site-backup.service')
    const timer = parseUnit('band-site-backup.timer')
    for (const key of ['User', 'WorkingDirectory', 'EnvironmentFile']) {
      expect(value(backup, 'Service', key), key).toBe(value(unit, 'Service', key))
    }
    expect(environment(backup).get('DATA_DIR')).toBe(env.get('DATA_DIR'))
    expect(value(backup, 'Service', 'Type')).toBe('oneshot')
    expect(value(backup, 'Service', 'ExecStart')).toContain('server/content-api/cli/main.ts backup ')
    expect(value(backup, 'Service', 'ReadWritePaths')).toContain(env.get('DATA_DIR'))
    expect(value(timer, 'Timer', 'OnCalendar')).toMatch(/^\*-\*-\* \d\d:\d\d:\d\d$/)
    expect(value(timer, 'Timer', 'Persistent')).toBe('true')
  })
})

type Route = { handle?: Handler[]; match?: { path?: string[] }[] }
type Handler = { handler: string; routes?: Route[]; flush_interval?: number; upstreams?: { dial: string }[] }

/** Every handler of the adapted config, with the path matchers that lead to it. */
function handlers(routes: Route[], paths: string[] = []): { handler: Handler; paths: string[] }[] {
  return routes.flatMap((route) => {
    const here = [...paths, ...(route.match ?? []).flatMap((m) => m.path ?? [])]
    return (route.handle ?? []).flatMap((handler) => [
      { handler, paths: here },
      ...handlers(handler.routes ?? [], here),
    ])
  })
}

describe('the Caddyfile', () => {
  it('proxies to the unit port, streams listeners unbuffered, compresses nothing, keeps the local CA untrusted', async () => {
    const port = environment(parseUnit('band-site.service')).get('PORT')
    const { stdout } = await promisify(execFile)(
      'caddy',
      ['adapt', '--config', path.join(here, 'Caddyfile'), '--adapter', 'caddyfile'],
      { env: { ...process.env, SITE_DOMAIN: 'losforasteros.example' } },
    )
    const config = JSON.parse(stdout) as {
      apps: {
        http: {
          servers: Record<string, { listen: string[]; routes: (Route & { match: { host: string[] }[] })[] }>
        }
        pki: { certificate_authorities: { local: { install_trust: boolean } } }
      }
    }
    const [server] = Object.values(config.apps.http.servers)
    expect(server!.listen).toEqual([':443'])
    expect(server!.routes[0]!.match).toEqual([{ host: ['losforasteros.example'] }])
    const all = handlers(server!.routes)
    const proxies = all.filter(({ handler }) => handler.handler === 'reverse_proxy')
    expect(proxies.map(({ handler }) => handler.upstreams)).toEqual([
      [{ dial: `127.0.0.1:${port}` }],
      [{ dial: `127.0.0.1:${port}` }],
    ])
    const listener = proxies.find(({ paths }) => paths.some((p) => p.includes('/data/listen/')))
    expect(listener?.handler.flush_interval).toBe(-1)
    expect(all.map(({ handler }) => handler.handler)).not.toContain('encode')
    expect(config.apps.pki.certificate_authorities.local.install_trust).toBe(false)
  })
})
