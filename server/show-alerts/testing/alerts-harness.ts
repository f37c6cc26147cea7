import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Router } from 'express'
import { fixedBandName } from '../../band-name'
import { createClock } from '../../clock'
import { ContentStore } from '../../content-api/engine'
import { parseEnv, type Env } from '../../env'
import { createLogger } from '../../logger'
import { createNewsletter } from '../../newsletter/create-newsletter'
import { startSmtpSink, type RecipientAnswer } from '../../newsletter/testing/smtp-sink'
import { createTestApp } from '../../testing/test-app'
import { contentAreaCatalog } from '../area-catalog'
import { createShowAlerts } from '../create-show-alerts'

/**
 * The content store, the newsletter and the show alerts in this process, on a throwaway DATA_DIR, with a real
 * SMTP sink and the app listening on a loopback port: what the server wires, without pages.
 */
export async function startAlertsHarness(
  env: Partial<Record<keyof Env, string>> = {},
  /** Published before the alerts start, as content of a site that had no alerts yet. */
  existing: Record<string, unknown>[] = [],
  /** How the SMTP sink answers each recipient (default: accepts all). */
  answer?: RecipientAnswer,
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'show-alerts-'))
  const sink = await startSmtpSink(answer)
  const content = new ContentStore({ file: path.join(dataDir, 'content.sqlite') })
  if (existing.length > 0) {
    await content.commit('production', { author: 'test' }, (ws) => {
      for (const doc of existing) ws.apply(String(doc._id), { createOrReplace: doc })
    })
  }
  const vars = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.ALERTS_TEST_LOG ?? 'silent',
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    SITE_URL: 'https://band.example',
    ALERTS_COALESCE_S: '0',
    ALERTS_MAILS_PER_SECOND: '200',
    ...env,
  }
  const parsed = parseEnv(vars)
  const logger = createLogger(parsed)
  const clock = createClock(parsed)
  const bandName = fixedBandName('Los Forasteros')
  const areas = contentAreaCatalog(content, 'production')
  const newsletter = await createNewsletter({
    env: parsed,
    logger,
    clock,
    bandName,
    areas,
    preferencesPage: true,
  })
  const alerts = await createShowAlerts({
    env: parsed,
    logger,
    clock,
    content,
    dataset: 'production',
    repo: newsletter.repo,
    tokens: newsletter.tokens,
    bandName,
    areas,
  })
  const app = createTestApp({
    env: vars,
    routers: { '/api/newsletter': Router().use(alerts.router, newsletter.router) },
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    sink,
    content,
    newsletter,
    alerts,
    /** Publishes (or replaces) documents in one commit, as a release does. */
    async publish(...docs: Record<string, unknown>[]) {
      await content.commit('production', { author: 'test' }, (ws) => {
        for (const doc of docs) ws.apply(String(doc._id), { createOrReplace: doc })
      })
    },
    async close() {
      await new Promise((resolve) => server.close(resolve))
      await alerts.close()
      await newsletter.close()
      content.close()
      await sink.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export type AlertsHarness = Awaited<ReturnType<typeof startAlertsHarness>>

/** The links of a mail's plain-text part. */
export const linksIn = (text: string) => [...text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0])

/** Signs a fan up through the API and confirms through the link in the confirmation mail. */
export async function signUpAndConfirm(
  harness: AlertsHarness,
  fan: { email: string; areas?: string[]; firstName?: string; language?: 'en' | 'es' },
): Promise<void> {
  const before = harness.sink.mails.length
  const res = await fetch(`${harness.url}/api/newsletter/subscribe`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName: fan.firstName ?? 'Fan', lastName: 'Test', ...fan }),
  })
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`)
  await harness.newsletter.service.idle()
  const mail = harness.sink.mails.slice(before).find((m) => m.to.includes(fan.email))
  if (!mail) throw new Error(`no confirmation mail for ${fan.email}`)
  const confirm = linksIn(mail.parts.get('text/plain')!).find((link) => link.includes('/confirm?'))!
  const local = confirm.replace('https://band.example', harness.url)
  const confirmed = await fetch(local, { redirect: 'manual' })
  // Every reader is sent on to the site's page in their language (ADR 194).
  const page = fan.language === 'es' ? '/es/newsletter/confirmed' : '/newsletter/confirmed'
  if (confirmed.status !== 303 || confirmed.headers.get('location') !== page)
    throw new Error(`confirm answered ${confirmed.status} ${confirmed.headers.get('location')}`)
}
