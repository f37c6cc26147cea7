import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SearchOptions } from '../subscriber-search'
import type { NewSubscriber, SubscribersRepository } from '../subscribers-repository'

/** One behaviour, two stores: the same tests run against SQLite and PostgreSQL. */
export function describeSubscribersRepository(
  name: string,
  open: (options?: SearchOptions) => Promise<{ repo: SubscribersRepository; cleanup: () => Promise<void> }>,
) {
  describe(`subscribers repository (${name})`, () => {
    let repo: SubscribersRepository
    let cleanup: () => Promise<void>
    beforeEach(async () => {
      ;({ repo, cleanup } = await open())
    })
    afterEach(async () => {
      await cleanup()
    })

    const signUp = (overrides: Partial<NewSubscriber> = {}): NewSubscriber => ({
      email: 'Ana.Lopez@Example.com',
      firstName: 'Ana',
      lastName: 'López',
      status: 'pending',
      consentText: 'I agree',
      consentVersion: 'v1',
      source: 'website',
      ipHash: 'abc',
      at: '2025-10-01T12:00:00.000Z',
      ...overrides,
    })

    it('records a sign-up with its consent and timestamps', async () => {
      const { created, subscriber } = await repo.insertIfAbsent(signUp())
      expect(created).toBe(true)
      expect(subscriber).toMatchObject({
        email: 'Ana.Lopez@Example.com',
        firstName: 'Ana',
        lastName: 'López',
        status: 'pending',
        consentText: 'I agree',
        consentVersion: 'v1',
        source: 'website',
        ipHash: 'abc',
        createdAt: '2025-10-01T12:00:00.000Z',
        updatedAt: '2025-10-01T12:00:00.000Z',
        confirmedAt: null,
        unsubscribedAt: null,
        confirmationSentAt: null,
      })
      expect(subscriber.id).toMatch(/^[0-9a-f-]{36}$/)
      expect(await repo.findById(subscriber.id)).toEqual(subscriber)
    })

    it('treats e-mail addresses case-insensitively and keeps the first sign-up', async () => {
      const first = await repo.insertIfAbsent(signUp())
      const again = await repo.insertIfAbsent(signUp({ email: 'ana.lopez@EXAMPLE.COM', firstName: 'Other' }))
      expect(again.created).toBe(false)
      expect(again.subscriber).toEqual(first.subscriber)
      expect(await repo.findByEmail('ANA.LOPEZ@example.com')).toEqual(first.subscriber)
      expect((await repo.list({ limit: 10, offset: 0 })).total).toBe(1)
    })

    it('survives concurrent sign-ups of the same address', async () => {
      const results = await Promise.all(Array.from({ length: 8 }, () => repo.insertIfAbsent(signUp())))
      expect(results.filter((r) => r.created)).toHaveLength(1)
      expect(new Set(results.map((r) => r.subscriber.id)).size).toBe(1)
    })

    it('confirms pending subscribers once', async () => {
      const { subscriber } = await repo.insertIfAbsent(signUp())
      const confirmed = await repo.confirm(subscriber.id, '2025-10-02T00:00:00.000Z')
      expect(confirmed).toMatchObject({ status: 'subscribed', confirmedAt: '2025-10-02T00:00:00.000Z' })
      expect(await repo.confirm(subscriber.id, '2025-10-03T00:00:00.000Z')).toBeNull()
      expect((await repo.findById(subscriber.id))?.confirmedAt).toBe('2025-10-02T00:00:00.000Z')
    })

    it('records single opt-in sign-ups as subscribed and confirmed', async () => {
      const { subscriber } = await repo.insertIfAbsent(signUp({ status: 'subscribed' }))
      expect(subscriber).toMatchObject({ status: 'subscribed', confirmedAt: '2025-10-01T12:00:00.000Z' })
    })

    it('unsubscribes idempotently and only resubscribes someone who unsubscribed', async () => {
      const { subscriber } = await repo.insertIfAbsent(signUp())
      expect(await repo.resubscribe(subscriber.id, signUp())).toBeNull()
      const gone = await repo.unsubscribe(subscriber.id, '2025-10-05T00:00:00.000Z')
      expect(gone).toMatchObject({ status: 'unsubscribed', unsubscribedAt: '2025-10-05T00:00:00.000Z' })
      const again = await repo.unsubscribe(subscriber.id, '2025-10-06T00:00:00.000Z')
      expect(again?.unsubscribedAt).toBe('2025-10-05T00:00:00.000Z')
      // A pending link from before the unsubscribe must not sign them back up.
      expect(await repo.confirm(subscriber.id, '2025-10-07T00:00:00.000Z')).toBeNull()

      const back = await repo.resubscribe(
        subscriber.id,
        signUp({ firstName: 'Ana María', consentVersion: 'v2', at: '2025-11-01T00:00:00.000Z' }),
      )
      expect(back).toMatchObject({
        status: 'pending',
        firstName: 'Ana María',
        consentVersion: 'v2',
        unsubscribedAt: null,
        confirmedAt: null,
        createdAt: '2025-10-01T12:00:00.000Z',
        updatedAt: '2025-11-01T00:00:00.000Z',
      })
    })

    it('remembers when a confirmation mail went out', async () => {
      const { subscriber } = await repo.insertIfAbsent(signUp())
      await repo.markConfirmationSent(subscriber.id, '2025-10-01T12:00:05.000Z')
      expect((await repo.findById(subscriber.id))?.confirmationSentAt).toBe('2025-10-01T12:00:05.000Z')
    })

    it('lists newest first with status filter, search and paging, and counts per status', async () => {
      const people = [
        ['ana@example.com', 'Ana', 'López', 'pending'],
        ['beto@example.com', 'Beto', 'Ramírez', 'subscribed'],
        ['carla@example.com', 'Carla', 'Lopez', 'subscribed'],
        ['100%_real@example.com', 'Dario', 'Percent', 'subscribed'],
      ] as const
      for (const [i, [email, firstName, lastName, status]] of people.entries()) {
        await repo.insertIfAbsent(
          signUp({ email, firstName, lastName, status, at: `2025-10-0${i + 1}T00:00:00.000Z` }),
        )
      }
      const all = await repo.list({ limit: 2, offset: 0 })
      expect(all.total).toBe(4)
      expect(all.items.map((s) => s.firstName)).toEqual(['Dario', 'Carla'])
      const page2 = await repo.list({ limit: 2, offset: 2 })
      expect(page2.items.map((s) => s.firstName)).toEqual(['Beto', 'Ana'])

      const subscribed = await repo.list({ status: 'subscribed', limit: 10, offset: 0 })
      expect(subscribed.total).toBe(3)
      const lopez = await repo.list({ search: 'LOPEZ', limit: 10, offset: 0 })
      expect(lopez.items.map((s) => s.email)).toEqual(['carla@example.com'])
      const both = await repo.list({ search: 'example', status: 'pending', limit: 10, offset: 0 })
      expect(both.items.map((s) => s.firstName)).toEqual(['Ana'])
      // LIKE wildcards in the search term are literal.
      const percent = await repo.list({ search: '%_r', limit: 10, offset: 0 })
      expect(percent.items.map((s) => s.firstName)).toEqual(['Dario'])

      expect(await repo.countByStatus()).toEqual({ pending: 1, subscribed: 3, unsubscribed: 0 })
    })

    it('searches the address and the name for a term anywhere in them, kept in step with every change', async () => {
      const people = [
        ['ana.lopez@example.com', 'Ana', 'López'],
        ['beto@correo.mx', 'Beto', 'Ramírez'],
        ['carla@example.com', 'Carla', 'Lopez'],
        ['quote"d@example.com', 'Dario', 'O"Neil'],
      ] as const
      const ids: string[] = []
      for (const [i, [email, firstName, lastName]] of people.entries()) {
        const { subscriber } = await repo.insertIfAbsent(
          signUp({ email, firstName, lastName, at: `2025-10-0${i + 1}T00:00:00.000Z` }),
        )
        ids.push(subscriber.id)
      }
      const found = async (search: string) =>
        (await repo.list({ search, limit: 10, offset: 0 })).items.map((s) => s.firstName)
      expect(await found('CORREO.M')).toEqual(['Beto'])
      expect(await found('pez@exa')).toEqual(['Ana'])
      expect(await found('lópez')).toEqual(['Ana'])
      expect(await found('lopez')).toEqual(['Carla', 'Ana'])
      expect(await found('"ne')).toEqual(['Dario'])
      // The whole name, as a person would type it.
      expect(await found('Ana López')).toEqual(['Ana'])
      expect(await found('ramirez')).toEqual([])

      await repo.unsubscribe(ids[1]!, '2025-10-05T00:00:00.000Z')
      await repo.resubscribe(
        ids[1]!,
        signUp({ firstName: 'Roberto', lastName: 'Rivas', at: '2025-10-06T00:00:00.000Z' }),
      )
      expect(await found('ramírez')).toEqual([])
      expect(await found('robert')).toEqual(['Roberto'])
      await repo.remove(ids[2]!)
      expect(await found('carla')).toEqual([])
      expect(await found('lopez')).toEqual(['Ana'])
    })

    it('finds a term shorter than a trigram at the start of the address, the first name or the last name', async () => {
      const people = [
        ['ana.lopez@example.com', 'Ana', 'López'],
        ['beto@correo.mx', 'Beto', 'Lobo'],
        ['carla@example.com', 'Carla', 'Ortiz'],
        ['zoe@example.com', 'Zoë', 'Núñez'],
        ['100@example.com', 'Dario', 'Percent'],
      ] as const
      for (const [i, [email, firstName, lastName]] of people.entries()) {
        await repo.insertIfAbsent(
          signUp({ email, firstName, lastName, at: `2025-10-0${i + 1}T00:00:00.000Z` }),
        )
      }
      const found = async (search: string) => {
        const { items, total, totalCapped } = await repo.list({ search, limit: 10, offset: 0 })
        expect({ total, totalCapped }).toEqual({ total: items.length, totalCapped: false })
        return items.map((s) => s.firstName)
      }
      expect(await found('A')).toEqual(['Ana'])
      // The last name's start; an accent is a letter of its own.
      expect(await found('lo')).toEqual(['Beto'])
      expect(await found('Ló')).toEqual(['Ana'])
      expect(await found('Be')).toEqual(['Beto'])
      expect(await found('zo')).toEqual(['Zoë'])
      // Not in the middle: "rl" is in Carla, "xa" in every example.com address.
      expect(await found('rl')).toEqual([])
      expect(await found('xa')).toEqual([])
      expect(await found('10')).toEqual(['Dario'])
      // A wildcard is a character like any other: "1%" would find 100@example.com.
      expect(await found('1%')).toEqual([])
      expect(await found('%')).toEqual([])
      expect(await found(' c ')).toEqual(['Carla'])
    })

    it('counts a search up to the cap and says so beyond it, with the same page whichever way it is read', async () => {
      await cleanup()
      ;({ repo, cleanup } = await open({ totalCap: 3 }))
      for (let i = 0; i < 6; i++) {
        await repo.insertIfAbsent(
          signUp({
            email: `fan${i}@example.com`,
            firstName: i % 2 ? 'Marta' : 'Maria',
            lastName: i === 5 ? 'Rare' : 'Common',
            status: i < 2 ? 'pending' : 'subscribed',
            at: `2025-10-0${i + 1}T00:00:00.000Z`,
          }),
        )
      }
      const list = (search: string | undefined, extra: { status?: 'pending'; offset?: number } = {}) =>
        repo.list({ search, limit: 2, offset: 0, ...extra })
      const emails = (page: { items: { email: string }[] }) => page.items.map((s) => s.email.slice(0, 4))

      const broad = await list('common')
      expect({ total: broad.total, totalCapped: broad.totalCapped }).toEqual({ total: 3, totalCapped: true })
      expect(emails(broad)).toEqual(['fan4', 'fan3'])
      expect(emails(await list('common', { offset: 2 }))).toEqual(['fan2', 'fan1'])
      const short = await list('ma', { offset: 4 })
      expect({ total: short.total, totalCapped: short.totalCapped }).toEqual({ total: 3, totalCapped: true })
      expect(emails(short)).toEqual(['fan1', 'fan0'])

      const rare = await list('rare')
      expect({ total: rare.total, totalCapped: rare.totalCapped, items: emails(rare) }).toEqual({
        total: 1,
        totalCapped: false,
        items: ['fan5'],
      })
      const marta = await list('marta')
      expect({ total: marta.total, totalCapped: marta.totalCapped, items: emails(marta) }).toEqual({
        total: 3,
        totalCapped: false,
        items: ['fan5', 'fan3'],
      })
      const pending = await list('common', { status: 'pending' })
      expect({ total: pending.total, totalCapped: pending.totalCapped, items: emails(pending) }).toEqual({
        total: 2,
        totalCapped: false,
        items: ['fan1', 'fan0'],
      })
      // Without a search term the total is exact: the counts per status give it anyway.
      expect(await list(undefined)).toMatchObject({ total: 6, totalCapped: false })
      let exported = 0
      for await (const page of repo.exportPages({ search: 'common' }, 2)) exported += page.length
      expect(exported).toBe(5)
    })

    it('keeps the counts per status in step with every change', async () => {
      const counts = () => repo.countByStatus()
      const a = (await repo.insertIfAbsent(signUp({ email: 'a@example.com' }))).subscriber
      const b = (await repo.insertIfAbsent(signUp({ email: 'b@example.com', status: 'subscribed' })))
        .subscriber
      await repo.insertIfAbsent(signUp({ email: 'A@example.com' }))
      expect(await counts()).toEqual({ pending: 1, subscribed: 1, unsubscribed: 0 })
      await repo.confirm(a.id, '2025-10-02T00:00:00.000Z')
      expect(await counts()).toEqual({ pending: 0, subscribed: 2, unsubscribed: 0 })
      await repo.unsubscribe(b.id, '2025-10-03T00:00:00.000Z')
      await repo.unsubscribe(b.id, '2025-10-04T00:00:00.000Z')
      expect(await counts()).toEqual({ pending: 0, subscribed: 1, unsubscribed: 1 })
      await repo.resubscribe(b.id, signUp({ email: 'b@example.com', at: '2025-10-05T00:00:00.000Z' }))
      expect(await counts()).toEqual({ pending: 1, subscribed: 1, unsubscribed: 0 })
      await repo.remove(a.id)
      await repo.remove(a.id)
      expect(await counts()).toEqual({ pending: 1, subscribed: 0, unsubscribed: 0 })
    })

    it('exports only what the CSV sends, never the consent text or the IP hash', async () => {
      await repo.insertIfAbsent(signUp({ status: 'subscribed' }))
      let first: object | undefined
      for await (const page of repo.exportPages({}, 10)) first ??= page[0]
      expect(first).toMatchObject({
        email: 'Ana.Lopez@Example.com',
        firstName: 'Ana',
        lastName: 'López',
        status: 'subscribed',
        createdAt: '2025-10-01T12:00:00.000Z',
        confirmedAt: '2025-10-01T12:00:00.000Z',
        unsubscribedAt: null,
        consentVersion: 'v1',
        source: 'website',
        areas: '',
        language: 'en',
      })
      for (const unread of ['consentText', 'ipHash', 'updatedAt', 'confirmationSentAt'])
        expect(first).not.toHaveProperty(unread)
    })

    const exported = async (pages: AsyncIterable<{ email: string }[]>) => {
      const sizes: number[] = []
      const emails: string[] = []
      for await (const page of pages) {
        sizes.push(page.length)
        emails.push(...page.map((s) => s.email))
      }
      return { sizes, emails }
    }

    it('exports every match in the list order, a page at a time, ties on the time broken by id', async () => {
      // Three sign-ups in the same millisecond, and two a microsecond apart (PostgreSQL keeps microseconds).
      const times = ['01T00:00:00.000', '02T00:00:00.000', '02T00:00:00.000', '02T00:00:00.000']
      times.push('03T00:00:00.000001', '03T00:00:00.000002', '04T00:00:00.000')
      for (const [i, time] of times.entries()) {
        await repo.insertIfAbsent(
          signUp({
            email: `fan${i}@example.com`,
            status: i % 2 ? 'subscribed' : 'pending',
            at: `2025-10-${time}Z`,
          }),
        )
      }
      const listed = (await repo.list({ limit: 100, offset: 0 })).items.map((s) => s.email)
      expect(await exported(repo.exportPages({}, 2))).toEqual({ sizes: [2, 2, 2, 1], emails: listed })
      expect((await exported(repo.exportPages({}, 7))).sizes).toEqual([7])

      const pending = await repo.list({ status: 'pending', search: 'FAN', limit: 100, offset: 0 })
      expect((await exported(repo.exportPages({ status: 'pending', search: 'FAN' }, 3))).emails).toEqual(
        pending.items.map((s) => s.email),
      )
      expect((await exported(repo.exportPages({ search: 'nobody' }, 3))).sizes).toEqual([])
    })

    it('exports everyone else once when a subscriber is erased during the export', async () => {
      for (let i = 0; i < 6; i++) {
        await repo.insertIfAbsent(
          signUp({ email: `fan${i}@example.com`, at: `2025-10-0${i + 1}T00:00:00.000Z` }),
        )
      }
      const emails: string[] = []
      for await (const page of repo.exportPages({}, 2)) {
        if (emails.length === 0) await repo.remove(page[0]!.id)
        emails.push(...page.map((s) => s.email))
      }
      // Reading by position (OFFSET) would have skipped fan3: erasing fan5 moves every later row up by one.
      expect(emails).toEqual(['fan5', 'fan4', 'fan3', 'fan2', 'fan1', 'fan0'].map((n) => `${n}@example.com`))
    })

    it('erases a subscriber', async () => {
      const { subscriber } = await repo.insertIfAbsent(signUp())
      expect(await repo.remove(subscriber.id)).toBe(true)
      expect(await repo.remove(subscriber.id)).toBe(false)
      expect(await repo.findById(subscriber.id)).toBeNull()
      expect(await repo.findByEmail(subscriber.email)).toBeNull()
      // The address can sign up again from scratch.
      expect((await repo.insertIfAbsent(signUp())).created).toBe(true)
    })

    it('keeps the show alert areas and language chosen at sign-up, and replaces them', async () => {
      const { subscriber } = await repo.insertIfAbsent(
        signUp({ areas: ['bay-area', 'arizona', 'bay-area'], language: 'es' }),
      )
      expect(await repo.preferences(subscriber.id)).toEqual({
        areas: ['arizona', 'bay-area'],
        language: 'es',
      })
      expect(
        await repo.setPreferences(subscriber.id, { areas: ['bay-area', 'mexico-city'], language: 'en' }),
      ).toBe(true)
      expect(await repo.preferences(subscriber.id)).toEqual({
        areas: ['bay-area', 'mexico-city'],
        language: 'en',
      })
      expect(await repo.setPreferences(subscriber.id, { areas: [], language: 'en' })).toBe(true)
      expect(await repo.preferences(subscriber.id)).toEqual({ areas: [], language: 'en' })
      const plain = await repo.insertIfAbsent(signUp({ email: 'plain@example.com' }))
      expect(await repo.preferences(plain.subscriber.id)).toEqual({ areas: [], language: 'en' })
    })

    it('counts confirmed subscribers per area, everywhere as null, and erases areas with the subscriber', async () => {
      const south = await repo.insertIfAbsent(
        signUp({ email: 's@example.com', status: 'subscribed', areas: ['socal'] }),
      )
      await repo.insertIfAbsent(
        signUp({ email: 'b@example.com', status: 'subscribed', areas: ['socal', 'bay'] }),
      )
      await repo.insertIfAbsent(signUp({ email: 'e@example.com', status: 'subscribed' }))
      await repo.insertIfAbsent(signUp({ email: 'p@example.com', areas: ['socal'] }))
      expect(await repo.subscribersPerArea()).toEqual([
        { area: null, subscribers: 1 },
        { area: 'bay', subscribers: 1 },
        { area: 'socal', subscribers: 2 },
      ])
      expect(await repo.remove(south.subscriber.id)).toBe(true)
      expect(await repo.preferences(south.subscriber.id)).toBeNull()
      expect(await repo.setPreferences(south.subscriber.id, { areas: ['socal'], language: 'en' })).toBe(false)
      expect(await repo.subscribersPerArea()).toEqual([
        { area: null, subscribers: 1 },
        { area: 'bay', subscribers: 1 },
        { area: 'socal', subscribers: 1 },
      ])
    })

    it('exports and lists the areas and language each subscriber chose', async () => {
      const two = await repo.insertIfAbsent(
        signUp({ email: 'two@example.com', areas: ['socal', 'bay'], language: 'es' }),
      )
      const none = await repo.insertIfAbsent(signUp({ email: 'none@example.com' }))
      const exported = new Map<string, object>()
      for await (const page of repo.exportPages({}, 1)) for (const row of page) exported.set(row.email, row)
      expect(exported.get('two@example.com')).toMatchObject({ areas: 'bay socal', language: 'es' })
      expect(exported.get('none@example.com')).toMatchObject({ areas: '', language: 'en' })
      const prefs = await repo.preferencesOf([two.subscriber.id, none.subscriber.id, 'not-a-uuid'])
      expect(Object.fromEntries(prefs)).toEqual({
        [two.subscriber.id]: { areas: ['bay', 'socal'], language: 'es' },
        [none.subscriber.id]: { areas: [], language: 'en' },
      })
      expect(await repo.preferencesOf([])).toEqual(new Map())
    })

    it('starts a returning subscriber with the areas of the new sign-up', async () => {
      const { subscriber } = await repo.insertIfAbsent(signUp({ areas: ['socal'] }))
      await repo.unsubscribe(subscriber.id, '2025-10-02T00:00:00.000Z')
      await repo.resubscribe(subscriber.id, signUp({ areas: ['bay'], language: 'es' }))
      expect(await repo.preferences(subscriber.id)).toEqual({ areas: ['bay'], language: 'es' })
    })

    it('answers unknown or malformed ids with nothing', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "'; DROP TABLE x; --"]) {
        expect(await repo.findById(id)).toBeNull()
        expect(await repo.confirm(id, '2025-10-01T00:00:00.000Z')).toBeNull()
        expect(await repo.unsubscribe(id, '2025-10-01T00:00:00.000Z')).toBeNull()
        expect(await repo.remove(id)).toBe(false)
        expect(await repo.preferences(id)).toBeNull()
        expect(await repo.setPreferences(id, { areas: [], language: 'en' })).toBe(false)
      }
    })
  })
}
