import type { SubscribersRepository } from '../../../server/newsletter/subscribers-repository'

/** Sign-ups handed to the repository at once: SQLite's group commit makes them one transaction. */
const BATCH = 1000

/**
 * `count` confirmed subscribers who chose `area`, written through the newsletter's repository as the sign-up form
 * writes them (single opt-in: confirmed at once).
 */
export async function addFansOfArea(
  repo: SubscribersRepository,
  count: number,
  area: string,
  now: Date,
): Promise<void> {
  for (let start = 0; start < count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, j) =>
      repo.insertIfAbsent({
        email: `fan.${start + j}@example.com`,
        firstName: 'Fan',
        lastName: String(start + j),
        status: 'subscribed',
        consentText: 'Yes, send me news about shows and releases.',
        consentVersion: '1',
        source: 'footer',
        ipHash: null,
        at: now.toISOString(),
        areas: [area],
        language: (start + j) % 4 === 0 ? 'es' : 'en',
      }),
    )
    await Promise.all(batch)
  }
}
