import http2 from 'node:http2'
import { gunzipSync } from 'node:zlib'
import { startCaddyFront, h2Request, type CaddyFront } from './support/caddy-front'
import { E2E_PORT } from './support/servers'
import { createDocument, publishUntil, signIn, unexpectedStudioErrors } from './support/studio'
import { expect as baseExpect, test as base } from './support/test'

/**
 * The documented production front (docs/guides/deploy.md, ADR 110): the built server behind a real Caddy with the
 * repository's Caddyfile, on its own ports and data dir. The browser talks only to Caddy.
 */
const test = base.extend<object, { front: CaddyFront }>({
  front: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const front = await startCaddyFront(E2E_PORT + 20)
      await use(front)
      await front.stop()
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ front }, provide) => provide(front.origin),
})
const expect = baseExpect.configure({ timeout: 30_000 })
test.describe.configure({ mode: 'serial' })
test.setTimeout(300_000)

test('the public site loads through Caddy: HTTP/2, a certificate from its CA, compressed once, HTTPS links', async ({
  page,
  front,
}) => {
  // Full certificate verification against Caddy's local root, as browsers do with a public CA.
  const res = await h2Request(front.origin, front.rootCa, { ':path': '/', 'accept-encoding': 'gzip' })
  expect(res.alpn).toBe('h2')
  expect(res.status).toBe(200)
  expect(res.headers['content-encoding']).toBe('gzip')
  expect(res.headers['strict-transport-security']).toBe('max-age=31536000')
  // Gzipped once: one gunzip gives the page (twice-compressed bytes would still be gzip here).
  const html = gunzipSync(res.body).toString('utf8')
  expect(html).toMatch(/^<!DOCTYPE html>/i)
  // The app saw https and the public host (X-Forwarded-Proto/-Host from a trusted loopback proxy).
  expect(html).toContain(`<link rel="canonical" href="${front.origin}/"`)

  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const protocol = await page.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
  )
  expect(protocol).toBe('h2')

  // Plain HTTP goes to HTTPS, path and query kept. (Caddy 2.6 leaves a non-default HTTPS port out of the
  // redirect; in production it is 443.)
  const plain = await fetch(`${front.httpOrigin}/news?page=2`, { redirect: 'manual' })
  expect(plain.status).toBe(308)
  const location = new URL(plain.headers.get('location')!)
  expect([location.protocol, location.hostname, location.pathname + location.search]).toEqual([
    'https:',
    'localhost',
    '/news?page=2',
  ])
})

test('the app rate-limits the real client: Caddy replaces a forged X-Forwarded-For', async ({ front }) => {
  const signUp = (n: number) =>
    h2Request(
      front.origin,
      front.rootCa,
      {
        ':method': 'POST',
        ':path': '/api/newsletter/subscribe',
        'content-type': 'application/json',
        'x-forwarded-for': `203.0.113.${n}`,
      },
      JSON.stringify({ firstName: 'Forged', lastName: String(n), email: `forged${n}@example.com` }),
    )
  // NEWSLETTER_RATE_LIMIT is 3: had the app believed the forged addresses, each would have its own budget.
  for (const n of [1, 2, 3]) expect((await signUp(n)).status).toBe(201)
  expect((await signUp(4)).status).toBe(429)
})

/** An anonymous listener through Caddy; collects what arrives while the stream stays open. */
function listen(front: CaddyFront, query: string) {
  const session = http2.connect(front.origin, { ca: front.rootCa })
  const search = new URLSearchParams({ query, includeResult: 'true' })
  const stream = session.request({ ':path': `/content/v2025-02-19/data/listen/production?${search}` })
  let received = ''
  stream.on('data', (chunk: Buffer) => (received += chunk.toString()))
  return {
    received: () => received,
    close: () => {
      stream.close()
      session.close()
    },
  }
}

test('the Studio signs in, edits and publishes through Caddy; listener events stream through unbuffered', async ({
  page,
  front,
  consoleErrors,
}) => {
  const venue = `Foro Caddy ${Date.now()}`
  const listener = listen(
    front,
    '*[_type == "event" && venue == $venue]'.replace('$venue', JSON.stringify(venue)),
  )
  await expect.poll(listener.received).toContain('event: welcome')

  await signIn(page)
  const protocol = await page.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
  )
  expect(protocol).toBe('h2')
  await createDocument(page, 'Events', 'Event')
  const date = page.getByRole('textbox', { name: 'Date and time' })
  await expect(async () => {
    await date.fill('2027-09-18 20:00')
    await date.press('Enter')
    await expect(date).toHaveValue('2027-09-18 20:00', { timeout: 2_000 })
  }).toPass()
  await page.getByRole('textbox', { name: 'Venue' }).fill(venue)
  await page.getByRole('textbox', { name: 'City' }).fill('Tlacotalpan')
  await page.getByRole('button', { name: 'Generate' }).click()
  await page.getByRole('textbox', { name: 'Ticket URL' }).fill('https://tickets.example.com/caddy')
  // publishUntil also waits for the Studio to hear of its publish through its own listener (through Caddy).
  await publishUntil(page, '*[venue == $venue][0].city', { venue }, 'Tlacotalpan')

  // The publish reached the open listener while its stream was still open: nothing sat in a buffer.
  await expect.poll(listener.received).toContain('event: mutation')
  expect(listener.received()).toContain('Tlacotalpan')
  listener.close()

  const site = await page.context().newPage()
  await site.goto('/')
  await expect(site.locator('.event-list__item', { hasText: venue })).toBeVisible()
  expect(unexpectedStudioErrors(consoleErrors)).toEqual([])
})
