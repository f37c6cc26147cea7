import { fromUrl } from '@sanity/bifur-client'
import { firstValueFrom, of, take, timer, toArray, takeUntil } from 'rxjs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { isStudioSocketUrl, QuietStudioSocket, replyTo } from './studio-socket-stand-in'

const page = { hostname: 'localhost', port: '3443' }
const SOCKET_URL = 'wss://localhost:3443/content/v2022-06-30/socket/production?tag=sanity.studio'

describe('isStudioSocketUrl', () => {
  it("matches the Studio's socket on the page's host and on the project's hostname, nothing else", () => {
    expect(isStudioSocketUrl(new URL(SOCKET_URL), 'local', page)).toBe(true)
    const sdk = 'wss://local.localhost:3443/content/v2022-06-30/socket/production?tag=sanity.sdk.presence'
    expect(isStudioSocketUrl(new URL(sdk), 'local', page)).toBe(true)
    expect(isStudioSocketUrl(new URL('wss://localhost:3443/@vite/hmr'), 'local', page)).toBe(false)
    expect(isStudioSocketUrl(new URL('wss://api.sanity.io/v1/socket/production'), 'local', page)).toBe(false)
    expect(isStudioSocketUrl(new URL(SOCKET_URL.replace('3443', '4443')), 'local', page)).toBe(false)
    expect(isStudioSocketUrl(new URL(SOCKET_URL.replace('wss:', 'https:')), 'local', page)).toBe(false)
  })
})

describe('replyTo', () => {
  it('answers JSON-RPC calls with an empty result and subscriptions with an id, ignores the rest', () => {
    const call = JSON.stringify({ jsonrpc: '2.0', method: 'authorization', params: {}, id: 'a1' })
    expect(JSON.parse(replyTo(call)!)).toEqual({ jsonrpc: '2.0', id: 'a1', result: null })
    const subscribe = JSON.stringify({ jsonrpc: '2.0', method: 'presence_subscribe', id: 'b2' })
    expect(JSON.parse(replyTo(subscribe)!)).toEqual({ jsonrpc: '2.0', id: 'b2', result: 'presence-b2' })
    expect(replyTo('♥')).toBeNull()
    expect(replyTo('{"method":"notification"}')).toBeNull()
    expect(replyTo('null')).toBeNull()
    expect(replyTo(new ArrayBuffer(4))).toBeNull()
  })
})

// Sanity's own socket client (the one the Studio runs), against the stand-in in place of the browser's WebSocket.
describe("the Studio's socket client on the stand-in", () => {
  const networkSocket = globalThis.WebSocket
  beforeEach(() => {
    globalThis.WebSocket = QuietStudioSocket as unknown as typeof WebSocket
  })
  afterEach(() => {
    globalThis.WebSocket = networkSocket
  })

  it('signs in, gets its heartbeat and empty answers, and hears no presence events', async () => {
    const bifur = fromUrl(SOCKET_URL, { token$: of('session-token') })
    // The connection status the Studio shows: connected once the socket is open and signed in.
    expect(await firstValueFrom(bifur.heartbeats)).toBeInstanceOf(Date)
    expect(await firstValueFrom(bifur.request('presence_announce', { data: { locations: [] } }))).toBeNull()
    const events = await firstValueFrom(bifur.listen('presence').pipe(takeUntil(timer(100)), toArray()))
    expect(events).toEqual([])
  })

  it('closes like a browser socket: a close event, then sends are refused', async () => {
    const socket = new QuietStudioSocket(SOCKET_URL)
    const closed = new Promise<CloseEvent>(
      (resolve) => (socket.onclose = (event) => resolve(event as CloseEvent)),
    )
    await firstValueFrom(timer(0).pipe(take(1)))
    expect(socket.readyState).toBe(QuietStudioSocket.OPEN)
    socket.close(1000, 'done')
    expect((await closed).code).toBe(1000)
    expect(() => socket.send('{}')).toThrow(/not open/)
  })
})
