import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { startSmtpSink, type ReceivedMail } from '../../server/newsletter/testing/smtp-sink'
import { contentClient, signInToContent } from './support/content-session'
import { E2E_PORT } from './support/servers'
import { expect, test, waitForHydration } from './support/test'

/**
 * Issue 40's "Done when", end to end: a fan signs up on the site choosing an area and confirms; the band manager
 * publishes a release with two shows in that area and one elsewhere; the fan receives exactly one mail listing
 * the two, whose links work; publishing an edit to one of them sends nothing. The built server as `npm start`
 * runs it, with a real SMTP conversation (a local smtp-server) and the real clock: the alerts' coalescing
 * window (ALERTS_COALESCE_S) waits on it. Its own server, so the seed's areas are untouched by other specs.
 */
const PORT = E2E_PORT + 40
const SITE = `http://localhost:${PORT}`
const COALESCE_S = 2
const START_TIMEOUT_MS = 170_000

test.setTimeout(300_000)
// One port for the file's server, so its tests run one after the other in one worker (fullyParallel would put
// them side by side, and the second would sign up on the first one's server and mail into its SMTP sink).
test.describe.configure({ mode: 'default' })

let server: ChildProcess | undefined
let dataDir: string | undefined
test.afterEach(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    // Waits for the exit, so the port is free for the next test's server.
    const exited = new Promise((resolve) => server!.once('exit', resolve))
    server.kill('SIGKILL')
    await exited
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** Starts the built server on a data dir of its own (seeded) with SMTP; resolves once it answers /healthz. */
async function startServer(smtpUrl: string): Promise<() => string> {
  const taken = await fetch(`${SITE}/healthz`).then(
    () => true,
    () => false,
  )
  if (taken) throw new Error(`${SITE} already answers: another server holds port ${PORT}`)
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'band-e2e-alerts-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/support/start-test-server.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HTTPS_PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The real clock: the coalescing window has to pass.
      TEST_NOW: '',
      SMTP_URL: smtpUrl,
      SITE_URL: SITE,
      MAIL_FROM: 'news@band.example',
      ALERTS_COALESCE_S: String(COALESCE_S),
      ALERTS_MAILS_PER_SECOND: '50',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server = child
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`)
    const up = await fetch(`${SITE}/healthz`).then(
      (answer) => answer.ok,
      () => false,
    )
    if (up) return () => output
    if (Date.now() > deadline) throw new Error(`the server did not answer:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** A ticket shop on a loopback port: the mail's ticket links must lead somewhere that answers. */
async function startTicketShop() {
  const hits: string[] = []
  const shop = http.createServer((req, res) => {
    hits.push(req.url ?? '')
    res.writeHead(200, { 'content-type': 'text/plain' }).end('tickets')
  })
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`
  return { origin, hits, close: () => new Promise((resolve) => shop.close(resolve)) }
}

const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s>"]+/g)].map((match) => match[0])
const textOf = (mail: ReceivedMail) => mail.parts.get('text/plain') ?? ''

/** The popup's form on a page of the site, filled and sent with `area` chosen (by its label). */
async function signUpOnSite(page: Page, fan: { email: string; area: string }) {
  const sent: unknown[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/newsletter/subscribe')) sent.push(request.postDataJSON())
  })
  await page.goto(`${SITE}/news?newsletter=true`)
  await waitForHydration(page)
  const dialog = page.getByRole('dialog', { name: 'Stay in the Loop' })
  await dialog.getByLabel('First Name').fill('Lupe')
  await dialog.getByLabel('Last Name').fill('Fan')
  await dialog.getByLabel('Email Address').fill(fan.email)
  const choice = dialog.getByLabel('Shows near (optional)')
  await expect(choice).toHaveValue('')
  await expect(choice.getByRole('option', { name: fan.area })).toBeAttached()
  await choice.selectOption({ label: fan.area })
  await dialog.getByRole('button', { name: 'Sign Up' }).click()
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('Thanks for signing up!')
  return sent
}

test('a fan who chose an area gets one mail for a release of two shows there, and nothing for an edit', async ({
  page,
  request,
}) => {
  const sink = await startSmtpSink()
  const shop = await startTicketShop()
  try {
    await startServer(sink.url)
    const email = `lupe-${Date.now().toString(36)}@example.com`
    const toFan = () => sink.mails.filter((mail) => mail.to.includes(email))

    // The fan signs up on the site, choosing the Bay Area, and confirms from the mail.
    const sent = await signUpOnSite(page, { email, area: 'Bay Area' })
    expect(sent).toEqual([{ firstName: 'Lupe', lastName: 'Fan', email, areas: ['bay-area'] }])
    await expect.poll(() => toFan().length, { timeout: 30_000 }).toBe(1)
    const confirm = linksIn(textOf(toFan()[0]!)).find((link) => link.includes('/confirm?'))
    expect(confirm, 'the confirmation link').toBeTruthy()
    await page.goto(confirm!)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're on the list!")

    // The band manager publishes a release: two Bay Area shows and one in Arizona, a year ahead.
    const content = contentClient(SITE, await signInToContent(request, SITE))
    const tag = Date.now().toString(36)
    const year = new Date().getUTCFullYear() + 1
    const show = (id: string, area: string, day: number, venue: string, city: string) => ({
      _id: `event-${tag}-${id}`,
      _type: 'event',
      slug: { _type: 'slug', current: `${year}-06-${day}-${id}-${tag}` },
      startsAt: `${year}-06-${day}T03:00:00.000Z`,
      timeZone: 'America/Los_Angeles',
      venue,
      city,
      region: area === 'arizona' ? 'AZ' : 'CA',
      country: 'US',
      status: 'onSale',
      ticketUrl: `${shop.origin}/tickets/${id}`,
      notifyFans: true,
      area: { _type: 'reference', _ref: `area-${area}` },
    })
    const shows = [
      show('fox', 'bay-area', 12, `Fox Theater ${tag}`, 'Oakland'),
      show('freight', 'bay-area', 13, `Freight ${tag}`, 'Berkeley'),
      show('rialto', 'arizona', 14, `Rialto ${tag}`, 'Tucson'),
    ]
    const releaseId = `r${tag}`
    await content.releases.create({ releaseId, metadata: { title: `Summer ${tag}`, releaseType: 'asap' } })
    for (const doc of shows) {
      await content.createVersion({
        releaseId,
        publishedId: doc._id,
        document: { ...doc, _id: `versions.${releaseId}.${doc._id}` } as never,
      })
    }
    await content.releases.publish({ releaseId })

    // One mail, listing the two Bay Area shows and not the Arizona one.
    await expect.poll(() => toFan().length, { timeout: 60_000 }).toBe(2)
    const alert = toFan()[1]!
    const text = textOf(alert)
    expect(alert.headers.get('subject')).toMatch(/2 shows near you: Oakland, Berkeley/)
    expect(text).toContain(`Fox Theater ${tag}`)
    expect(text).toContain(`Freight ${tag}`)
    expect(text).not.toContain(`Rialto ${tag}`)
    expect(alert.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')

    // Its links work: both show pages, their calendar entries, the tickets and the preferences page.
    const links = linksIn(text)
    for (const doc of shows.slice(0, 2)) {
      const pageUrl = `${SITE}/shows/${doc.slug.current}`
      expect(links).toContain(pageUrl)
      expect(links).toContain(`${pageUrl}.ics`)
      expect(links).toContain(doc.ticketUrl)
      const showPage = await request.get(pageUrl)
      expect(showPage.status()).toBe(200)
      expect(await showPage.text()).toContain(doc.venue)
      const entry = await request.get(`${pageUrl}.ics`)
      expect(entry.status()).toBe(200)
      expect(entry.headers()['content-type']).toBe('text/calendar; charset=utf-8')
      expect(await entry.text()).toContain(`SUMMARY:`)
      expect((await request.get(doc.ticketUrl)).status()).toBe(200)
    }
    expect(shop.hits).toEqual(['/tickets/fox', '/tickets/freight'])
    const preferences = links.find((link) => link.includes('/preferences'))
    expect(preferences, 'the preferences link').toBeTruthy()
    expect((await request.get(preferences!)).status()).toBe(200)
    // The tour page of the area lists both, and its calendar has them.
    const areaPage = await (await request.get(`${SITE}/shows?area=bay-area`)).text()
    for (const doc of shows.slice(0, 2)) expect(areaPage).toContain(doc.venue)
    expect(areaPage).not.toContain(`Rialto ${tag}`)
    const areaFeed = await (await request.get(`${SITE}/shows/area/bay-area.ics`)).text()
    expect(areaFeed).toContain(`Fox Theater ${tag}`)

    // An edit to a show already announced sends nothing: after it, a new Bay Area show is published, and its
    // mail (the next one, past the coalescing window of both) lists only the new show.
    await content
      .patch(shows[0]!._id)
      .set({ venue: `Fox Theater ${tag} (moved upstairs)` })
      .commit()
    await new Promise((resolve) => setTimeout(resolve, (COALESCE_S + 3) * 1000))
    expect(toFan(), 'no mail for the edit').toHaveLength(2)
    const later = show('chapel', 'bay-area', 20, `The Chapel ${tag}`, 'San Francisco')
    await content.create(later)
    await expect.poll(() => toFan().length, { timeout: 60_000 }).toBe(3)
    const next = textOf(toFan()[2]!)
    expect(next).toContain(`The Chapel ${tag}`)
    expect(next).not.toContain(`Fox Theater ${tag}`)
    expect(next).not.toContain(`Freight ${tag}`)
  } finally {
    await shop.close()
    await sink.close()
  }
})

test('a fan who signs up on a Spanish page gets the mail and its pages in Spanish', async ({ page }) => {
  const sink = await startSmtpSink()
  try {
    await startServer(sink.url)
    const email = `lucia-${Date.now().toString(36)}@example.com`
    const toFan = () => sink.mails.filter((mail) => mail.to.includes(email))

    // The popup of a Spanish page, in Spanish (labels in the page's language; fields by name).
    await page.goto(`${SITE}/es/news?newsletter=true`)
    await waitForHydration(page)
    const form = page.locator('dialog form')
    await form.locator('input[name="firstName"]').fill('Lucía')
    await form.locator('input[name="lastName"]').fill('Hernández')
    await form.locator('input[name="email"]').fill(email)
    await form.getByRole('button', { name: 'Suscribirme' }).click()
    await expect(page.getByRole('region', { name: /Notificaciones/ })).toContainText(
      '¡Gracias por suscribirte!',
    )

    // The confirmation mail, over a real SMTP conversation, in Spanish.
    await expect.poll(() => toFan().length, { timeout: 30_000 }).toBe(1)
    const mail = toFan()[0]!
    expect(mail.headers.get('subject')).toBe('Confirma tu suscripción a Los Forasteros')
    expect(mail.headers.get('content-language')).toBe('es')
    expect(textOf(mail)).toMatch(/^¡Hola, Lucía!/)

    // Its links lead to the Spanish pages: confirmed, then the unsubscribe page and its answer.
    const links = linksIn(textOf(mail))
    await page.goto(links.find((link) => link.includes('/confirm?'))!)
    await expect(page).toHaveURL(/\/es\/newsletter\/confirmed$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('¡Ya estás en la lista!')
    await page.goto(links.find((link) => link.includes('/unsubscribe?'))!)
    await expect(page).toHaveURL(/\/es\/newsletter\/unsubscribe\?token=/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      '¿Quieres dejar de recibir los correos de Los Forasteros?',
    )
    await page.getByRole('button', { name: 'Sí, cancelar mi suscripción' }).click()
    await expect(page).toHaveURL(/\/es\/newsletter\/unsubscribed$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Listo, cancelamos tu suscripción')
  } finally {
    await sink.close()
  }
})
