import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import http2 from 'node:http2'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { E2E_PORT } from './support/servers'

/**
 * SIGTERM to the built server (as `npm start` runs it, with the HTTPS front) while clients hold what never ends by
 * itself: a listener stream, a live events stream over HTTP/2, a kept-alive idle connection and a WebSocket
 * upgrade to the Studio's socket path. A supervisor (systemd, Docker) waits for the process: it must end them all
 * and exit 0 at once, not sit out a forced exit. The bound is half the server's forced-exit delay (which is also
 * its idle keep-alive time), so the exit cannot have waited on either, and a loaded machine still fits in it.
 */
const FORCED_EXIT_MS = 10_000
const PORT = E2E_PORT + 30
const HTTPS_PORT = E2E_PORT + 31
const API = '/content/v2025-02-19'

const START_TIMEOUT_MS = 150_000
test.setTimeout(180_000)

// The server this test started: killed after the test even when it timed out (a `finally` does not run then), so
// a hung run never leaves a server on these ports for the next one.
let server: ChildProcess | undefined
test.afterEach(() => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL')
})

/** Starts the built server; resolves once it logged that both ports listen, fails with its output otherwise. */
async function startServer(dataDir: string): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/support/start-test-server.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HTTPS_PORT: String(HTTPS_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server = child
  let output = ''
  // The HTTPS front listens after the plain port (it may first generate its certificate): wait for both lines.
  const expected = [`listening on http://localhost:${PORT}`, `listening on https://localhost:${HTTPS_PORT}`]
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null, signal: string | null) =>
      fail(`exited before it listened (${signal ?? code})`)
    const timer = setTimeout(
      () => fail(`did not log both listening lines within ${START_TIMEOUT_MS / 1000} s`),
      START_TIMEOUT_MS,
    )
    function fail(why: string) {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(new Error(`the server ${why}:\n${output}`))
    }
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        if (expected.every((line) => output.includes(line))) {
          clearTimeout(timer)
          child.off('exit', onExit)
          resolve()
        }
      })
    }
    child.once('exit', onExit)
  })
  return { child, output: () => output }
}

/**
 * Resolves once the HTTP/2 stream's first bytes arrived (the stream stays open); rejects if it fails first. The
 * handlers stay attached, so the errors of the session's end at SIGTERM are absorbed (by a settled promise).
 */
function firstData(session: http2.ClientHttp2Session, stream: http2.ClientHttp2Stream): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (reason: unknown) => reject(new Error(`the live events stream failed: ${String(reason)}`))
    session.on('error', fail)
    stream.on('error', fail)
    stream.once('close', () => fail('closed before any data'))
    stream.once('data', () => resolve())
  })
}

/** Resolves with the response once its headers and first bytes arrived; the stream stays open. */
function openStream(url: string, agent: http.Agent): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => res.once('data', () => resolve(res)))
    req.on('error', reject)
  })
}

/** The raw handshake of a browser's WebSocket to the Studio's socket path; resolves with its first bytes. */
function openSocketUpgrade(): Promise<{ socket: net.Socket; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(PORT, '127.0.0.1', () => {
      socket.write(
        `GET ${API}/socket/production?tag=sanity.studio HTTP/1.1\r\nHost: localhost:${PORT}\r\n` +
          'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n' +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      )
    })
    socket.once('data', (chunk: Buffer) => resolve({ socket, head: chunk.toString('latin1') }))
    socket.on('error', reject)
    socket.once('close', () => reject(new Error('the upgrade request was closed without an answer')))
  })
}

test('SIGTERM with open streams, a kept-alive connection and a socket upgrade exits 0 long before the forced exit', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'band-shutdown-'))
  const { child, output } = await startServer(dataDir)
  const closers: Array<() => void> = []
  try {
    const agent = new http.Agent({ keepAlive: true })
    closers.push(() => agent.destroy())
    const listener = await openStream(
      `http://127.0.0.1:${PORT}${API}/data/listen/production?query=*[_type=="event"]`,
      agent,
    )
    expect(listener.headers['content-type']).toContain('text/event-stream')
    // An idle kept-alive connection: one finished request, the socket stays in the agent's pool.
    await new Promise<void>((resolve, reject) =>
      http
        .get(`http://127.0.0.1:${PORT}/healthz`, { agent }, (res) => res.resume().on('end', resolve))
        .on('error', reject),
    )
    // The Studio's live events stream, over HTTP/2 through the HTTPS front.
    const session = http2.connect(`https://localhost:${HTTPS_PORT}`, { rejectUnauthorized: false })
    closers.push(() => session.destroy())
    const live = session.request({ ':path': `${API}/data/live/events/production` })
    await firstData(session, live)
    const upgrade = await openSocketUpgrade()
    closers.push(() => upgrade.socket.destroy())
    upgrade.socket.on('error', () => {})

    const exited = new Promise<{ code: number | null; ms: number }>((resolve) => {
      const sentAt = Date.now()
      child.once('exit', (code) => resolve({ code, ms: Date.now() - sentAt }))
    })
    child.kill('SIGTERM')
    const { code, ms } = await exited
    expect({ code, ms }, output()).toEqual({ code: 0, ms: expect.any(Number) })
    expect(ms, output()).toBeLessThan(FORCED_EXIT_MS / 2)
    expect(output()).not.toContain('forced shutdown')
  } finally {
    for (const close of closers) close()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
