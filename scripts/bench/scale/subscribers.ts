import type { SubscribersRepository } from '../../../server/newsletter/subscribers-repository'
import { seededRandom, type Random } from './prng'
import { FIRST_NAMES, LAST_NAMES, slugify } from './text'

const DAY_MS = 24 * 60 * 60 * 1000
/** Sign-ups handed to the repository at once: SQLite's group commit makes them one transaction. */
const BATCH = 1000
/** The seed's areas (content/seed): most fans follow one, some two, the rest everywhere. */
const AREAS = ['southern-california', 'central-coast', 'bay-area', 'arizona', 'mexico-city']

function areasOf(random: Random): string[] {
  const roll = random.int(0, 9)
  if (roll >= 7) return []
  const one = random.pick(AREAS)
  return roll === 0 ? [...new Set([one, random.pick(AREAS)])] : [one]
}

/**
 * `count` subscribers signed up over ten years before `now`, through the newsletter's own repository (as the
 * sign-up form writes them): most confirmed, some pending, some unsubscribed since; most following an area or
 * two, four in ten reading Spanish.
 */
export async function addSubscribers(
  repo: SubscribersRepository,
  count: number,
  now: Date,
  seed = 37,
): Promise<void> {
  const random = seededRandom(seed)
  const first = now.getTime() - 3652 * DAY_MS
  for (let start = 0; start < count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, j) => {
      const i = start + j
      const firstName = random.pick(FIRST_NAMES)
      const lastName = random.pick(LAST_NAMES)
      const at = new Date(first + (i / count) * 3652 * DAY_MS).toISOString()
      return repo.insertIfAbsent({
        email: `${slugify(firstName)}.${slugify(lastName)}.${i}@example.com`,
        firstName,
        lastName,
        status: random.chance(0.05) ? 'pending' : 'subscribed',
        consentText: 'Yes, send me news about shows and releases.',
        consentVersion: '1',
        source: random.pick(['popup', 'footer', 'show-page']),
        ipHash: null,
        at,
        areas: areasOf(random),
        language: random.chance(0.4) ? 'es' : 'en',
      })
    })
    const inserted = await Promise.all(batch)
    for (const { subscriber } of inserted) {
      if (random.chance(0.03)) await repo.unsubscribe(subscriber.id, subscriber.createdAt)
    }
  }
}
