import type { Clock } from '../clock'
import type { Logger } from '../logger'
import type { BandName } from '../band-name'
import { CONSENT_VERSION, consentText, type Subscription } from './subscribe-schema'
import { confirmationMail } from './confirmation-mail'
import type { Mailer } from './mailer'
import type { Language } from './subscriber-preferences'
import type { Subscriber, SubscribersRepository } from './subscribers-repository'
import type { TokenSigner } from './tokens'

/** How long a confirmation link works. */
export const CONFIRM_LINK_TTL_MS = 7 * 24 * 60 * 60_000
/** A pending address gets at most one confirmation mail per this interval, however often it is signed up. */
export const RESEND_INTERVAL_MS = 10 * 60_000
/** Where a sign-up came from; the sign-up payload carries no source (docs/fan-site-rules.md §3), and the popup is the only form. */
export const SIGNUP_SOURCE = 'website-popup'

export type SubscriptionService = {
  /** True when a confirmation mail is needed before someone is subscribed. */
  readonly doubleOptIn: boolean
  /** Records a sign-up; any mail goes out in the background so new and known addresses answer alike. */
  subscribe(input: Subscription, context: { ip: string | undefined; origin: string }): Promise<void>
  confirm(token: unknown): Promise<'confirmed' | 'invalid' | 'expired'>
  /** 'unsubscribed' also when the subscriber was erased meanwhile: either way nothing more will be sent. */
  unsubscribe(token: unknown): Promise<'unsubscribed' | 'invalid'>
  /**
   * The language of the subscriber a signed link names, for the page it opens; English when the link names
   * nobody (forged, or the subscriber was erased). An expired link still tells, so its page is in their language.
   */
  languageOf(purpose: 'confirm' | 'unsubscribe', token: unknown): Promise<Language>
  /** Links for a subscriber's mails (also used by future newsletter mails). */
  unsubscribeUrl(origin: string, subscriberId: string): string
  /** Resolves when background mail has been handed over (tests, shutdown). */
  idle(): Promise<void>
}

// eslint-disable-next-line max-lines-per-function -- factory of small closures (ADR 074)
export function createSubscriptionService({
  repo,
  mailer,
  tokens,
  hashIp,
  clock,
  logger,
  bandName,
  preferencesPage = false,
}: {
  repo: SubscribersRepository
  /** null: single opt-in, nobody gets mail. */
  mailer: Mailer | null
  tokens: TokenSigner
  hashIp: (ip: string | undefined) => string | null
  clock: Clock
  logger: Logger
  /** Names the band in the consent stored with a sign-up and in its mail: the site settings' name then. */
  bandName: BandName
  /** The server has the preferences page (the show alerts' areas and language): its mails link to it. */
  preferencesPage?: boolean
}): SubscriptionService {
  const inFlight = new Set<Promise<void>>()

  const unsubscribeUrl = (origin: string, id: string) =>
    `${origin}/api/newsletter/unsubscribe?token=${tokens.sign('unsubscribe', id)}`

  async function sendConfirmation(subscriber: Subscriber, origin: string, band: string) {
    if (!mailer) return
    const now = clock.now()
    const token = tokens.sign('confirm', subscriber.id, new Date(now.getTime() + CONFIRM_LINK_TTL_MS))
    const language = (await repo.preferences(subscriber.id))?.language
    const mail = confirmationMail(
      subscriber,
      {
        confirmUrl: `${origin}/api/newsletter/confirm?token=${token}`,
        unsubscribeUrl: unsubscribeUrl(origin, subscriber.id),
        ...(preferencesPage
          ? {
              preferencesUrl: `${origin}/api/newsletter/preferences?token=${tokens.sign('preferences', subscriber.id)}`,
            }
          : {}),
        siteUrl: `${origin}/`,
      },
      band,
      language,
    )
    try {
      await mailer.send(mail)
      await repo.markConfirmationSent(subscriber.id, clock.now().toISOString())
    } catch (err) {
      // Not marked as sent, so signing up again retries at once.
      logger.error({ err, subscriberId: subscriber.id }, 'newsletter: confirmation mail failed')
    }
  }

  function inBackground(work: Promise<void>) {
    inFlight.add(work)
    void work.finally(() => inFlight.delete(work))
  }

  return {
    doubleOptIn: mailer !== null,
    async subscribe(input, { ip, origin }) {
      const at = clock.now()
      const band = await bandName()
      const record = {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        status: mailer ? ('pending' as const) : ('subscribed' as const),
        // The wording as the form showed it, in its language, with the band's name of the moment (ADR 040).
        consentText: consentText(band, input.language),
        consentVersion: CONSENT_VERSION,
        source: SIGNUP_SOURCE,
        ipHash: hashIp(ip),
        at: at.toISOString(),
        areas: input.areas,
        language: input.language,
      }
      const { created, subscriber } = await repo.insertIfAbsent(record)
      let toConfirm: Subscriber | null = created ? subscriber : null
      if (!created && subscriber.status === 'unsubscribed') {
        // Coming back after unsubscribing is a new consent and, with mail, a new opt-in.
        toConfirm = await repo.resubscribe(subscriber.id, record)
      } else if (!created && subscriber.status === 'pending') {
        const lastSent = subscriber.confirmationSentAt ? Date.parse(subscriber.confirmationSentAt) : 0
        if (at.getTime() - lastSent >= RESEND_INTERVAL_MS) toConfirm = subscriber
      }
      if (toConfirm?.status === 'pending') inBackground(sendConfirmation(toConfirm, origin, band))
    },
    async confirm(token) {
      const verified = tokens.verify('confirm', token, clock.now())
      if (!verified.ok) return verified.reason
      const confirmed = await repo.confirm(verified.subscriberId, clock.now().toISOString())
      if (confirmed) return 'confirmed'
      // A second click on the same link is still good news; an unsubscribe or erasure since is not undone.
      const current = await repo.findById(verified.subscriberId)
      return current?.status === 'subscribed' ? 'confirmed' : 'invalid'
    },
    async unsubscribe(token) {
      const verified = tokens.verify('unsubscribe', token, clock.now())
      if (!verified.ok) return 'invalid'
      await repo.unsubscribe(verified.subscriberId, clock.now().toISOString())
      return 'unsubscribed'
    },
    async languageOf(purpose, token) {
      // The signature is checked as always; the epoch as "now" only lets an expired link name its subscriber.
      const verified = tokens.verify(purpose, token, new Date(0))
      if (!verified.ok) return 'en'
      return (await repo.preferences(verified.subscriberId))?.language ?? 'en'
    },
    unsubscribeUrl,
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight])
    },
  }
}
