/**
 * The Studio's realtime socket (`wss://<host>/content/v{date}/socket/{dataset}`, Sanity's "bifur") answered in the
 * page (ADR 103). The Studio opens it for every workspace, for presence (avatars of the other editors on a
 * document) and a heartbeat. The self-hosted API offers no presence, so every answer would be empty; an empty
 * answer needs no server: this stand-in opens at once, answers each JSON-RPC call with an empty result and each
 * subscription with an id, and never sends an event. Without it the Studio would retry a refused socket every
 * few seconds, each a console error (ADR 102); with it no socket leaves the browser.
 */
const SOCKET_PATH = /^\/content\/v[^/]+\/socket\/[^/]+$/

/** Whether `url` is the Studio's socket of the embedded API: on the page's host or the project's hostname. */
export function isStudioSocketUrl(
  url: URL,
  projectId: string,
  page: Pick<Location, 'hostname' | 'port'>,
): boolean {
  const hosts = [page.hostname, `${projectId}.${page.hostname}`]
  return (
    (url.protocol === 'ws:' || url.protocol === 'wss:') &&
    hosts.includes(url.hostname) &&
    url.port === page.port &&
    SOCKET_PATH.test(url.pathname)
  )
}

/** The JSON-RPC answer to one message of the Studio, or null when it expects none. */
export function replyTo(message: unknown): string | null {
  if (typeof message !== 'string') return null
  let request: { id?: unknown; method?: unknown }
  try {
    request = JSON.parse(message) as typeof request
  } catch {
    return null
  }
  if (typeof request !== 'object' || request === null || request.id === undefined) return null
  const method = typeof request.method === 'string' ? request.method : ''
  // A subscription gets an id of its own and no events; every other call an empty result.
  const result = method.endsWith('_subscribe')
    ? `${method.slice(0, -'_subscribe'.length)}-${String(request.id)}`
    : null
  return JSON.stringify({ jsonrpc: '2.0', id: request.id, result })
}

type Handler = ((event: Event) => void) | null

/** The part of a browser WebSocket the Studio's socket client uses: events, `send`, `close`, `readyState`. */
export class QuietStudioSocket extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSING = 2
  static readonly CLOSED = 3
  readonly CONNECTING = 0
  readonly OPEN = 1
  readonly CLOSING = 2
  readonly CLOSED = 3
  readyState = 0
  readonly bufferedAmount = 0
  readonly extensions = ''
  readonly protocol = ''
  binaryType: BinaryType = 'blob'
  onopen: Handler = null
  onmessage: Handler = null
  onerror: Handler = null
  onclose: Handler = null

  constructor(readonly url: string) {
    super()
    // Like a real socket: open in a later task, after the caller has set its handlers.
    setTimeout(() => {
      if (this.readyState !== this.CONNECTING) return
      this.readyState = this.OPEN
      this.emit(new Event('open'))
    })
  }

  send(data: unknown): void {
    if (this.readyState !== this.OPEN) throw new DOMException('The socket is not open', 'InvalidStateError')
    const reply = replyTo(data)
    if (reply === null) return
    setTimeout(() => {
      if (this.readyState === this.OPEN) this.emit(new MessageEvent('message', { data: reply }))
    })
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState === this.CLOSING || this.readyState === this.CLOSED) return
    this.readyState = this.CLOSED
    this.emit(new CloseEvent('close', { code, reason, wasClean: true }))
  }

  private emit(event: Event): void {
    this.dispatchEvent(event)
    const handler = this[`on${event.type}` as 'onopen' | 'onmessage' | 'onerror' | 'onclose']
    handler?.call(this, event)
  }
}

let installed = false

/**
 * Wraps `window.WebSocket` once, for the lifetime of the admin page: the Studio's socket gets the stand-in, every
 * other socket (Vite's HMR in development) the browser's.
 */
export function answerStudioSocketLocally({ projectId }: { projectId: string }): void {
  if (installed) return
  installed = true
  window.WebSocket = new Proxy(window.WebSocket, {
    construct(NetworkSocket, args: ConstructorParameters<typeof WebSocket>) {
      const url = new URL(String(args[0]), window.location.href)
      if (!isStudioSocketUrl(url, projectId, window.location)) return Reflect.construct(NetworkSocket, args)
      return new QuietStudioSocket(url.href)
    },
  })
}
