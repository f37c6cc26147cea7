import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http2 from 'node:http2'
import os from 'node:os'
import path from 'node:path'

/**
 * The production layout on one machine: the built server (as `npm start` runs it, HTTPS_PORT=0, loopback
 * only) behind a real Caddy using the repository's deploy/Caddyfile, with Caddy's local CA (for `localhost`)
 * and its state in a temporary dir. Ports are `basePort` .. `basePort + 3`; nothing is shared with the
 * other e2e servers.
 */
export type CaddyFront = {
  /** https://localhost:<port>, served by Caddy. */
  origin: string
  /** Caddy's plain HTTP listener, which redirects to `origin`. */
  httpOrigin: string
  /** Caddy's local root certificate (PEM): clients that trust it verify the site's certificate fully. */
  rootCa: string
  stop: () => Promise<void>
}

function started(child: ChildProcess, name: string, output: () => string): Promise<never> {
  return new Promise((_resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${name} exited early (${code}):\n${output()}`)))
  })
}

// A generous bound: the app starts on a copy of the seeded data dir, which can take minutes on a loaded machine.
async function poll(what: string, check: () => Promise<boolean>, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** One HTTP/2 request with full certificate verification against `ca`. */
export function h2Request(
  origin: string,
  ca: string,
  headers: http2.OutgoingHttpHeaders,
  body?: string,
): Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: Buffer; alpn: string | false }> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(origin, { ca })
    session.on('error', reject)
    const stream = session.request(headers)
    const chunks: Buffer[] = []
    let response: http2.IncomingHttpHeaders = {}
    stream.on('response', (h) => (response = h))
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => {
      const alpn = session.alpnProtocol ?? false
      session.close()
      resolve({ status: Number(response[':status']), headers: response, body: Buffer.concat(chunks), alpn })
    })
    stream.on('error', reject)
    stream.end(body)
  })
}

export async function startCaddyFront(basePort: number): Promise<CaddyFront> {
  const [appPort, httpsPort, httpPort, adminPort] = [0, 1, 2, 3].map((offset) => basePort + offset)
  const temp = mkdtempSync(path.join(os.tmpdir(), 'band-caddy-'))
  const children: ChildProcess[] = []
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve()
            child.once('exit', () => resolve())
            child.kill('SIGTERM')
          }),
      ),
    )
    rmSync(temp, { recursive: true, force: true })
  }

  let appOutput = ''
  const app = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/support/start-test-server.ts'], {
    env: {
      ...process.env,
      PORT: String(appPort),
      HOST: '127.0.0.1',
      HTTPS_PORT: '0',
      DATA_DIR: path.join(temp, 'data'),
      LOG_LEVEL: 'warn',
      // Low, so a test can reach it; every request of these tests comes from 127.0.0.1 through Caddy.
      NEWSLETTER_RATE_LIMIT: '3',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(app)
  for (const stream of [app.stdout!, app.stderr!])
    stream.on('data', (c: Buffer) => (appOutput += c.toString()))

  let caddyOutput = ''
  const caddy = spawn('caddy', ['run', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH,
      HOME: temp,
      XDG_DATA_HOME: path.join(temp, 'caddy-data'),
      XDG_CONFIG_HOME: path.join(temp, 'caddy-config'),
      SITE_DOMAIN: 'localhost',
      APP_PORT: String(appPort),
      CADDY_HTTPS_PORT: String(httpsPort),
      CADDY_HTTP_PORT: String(httpPort),
      CADDY_ADMIN: `localhost:${adminPort}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(caddy)
  for (const stream of [caddy.stdout!, caddy.stderr!])
    stream.on('data', (c: Buffer) => (caddyOutput += c.toString()))

  const origin = `https://localhost:${httpsPort}`
  const rootFile = path.join(temp, 'caddy-data/caddy/pki/authorities/local/root.crt')
  try {
    await Promise.race([
      started(app, 'the app', () => appOutput),
      started(caddy, 'caddy', () => caddyOutput),
      (async () => {
        await poll('the app', async () => (await fetch(`http://127.0.0.1:${appPort}/healthz`)).ok)
        await poll("Caddy's local CA", async () => existsSync(rootFile))
        await poll('Caddy', async () => {
          const res = await h2Request(origin, readFileSync(rootFile, 'utf8'), { ':path': '/healthz' })
          return res.status === 200
        })
      })(),
    ])
  } catch (error) {
    await stop()
    throw error
  }
  return { origin, httpOrigin: `http://localhost:${httpPort}`, rootCa: readFileSync(rootFile, 'utf8'), stop }
}
