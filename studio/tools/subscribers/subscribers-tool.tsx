import { DownloadIcon } from '@sanity/icons/Download'
import { UsersIcon } from '@sanity/icons/Users'
import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Flex,
  Heading,
  Inline,
  Stack,
  Tab,
  TabList,
  Text,
  TextInput,
} from '@sanity/ui'
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { Tool } from 'sanity'
import { areaList, useAreaNames } from '../area-names'
import { useStudioToken } from '../studio-token'
import {
  createSubscribersClient,
  type AdminSubscriber,
  type SubscriberPage,
  type SubscriberStatus,
} from './subscribers-client'
import { pageRange } from './page-range'

const PAGE_SIZE = 50
const ADMIN_TOKEN_KEY = 'newsletter:adminToken'
/** The language of the subscriber's mail, as the band manager reads it. */
const LANGUAGE_NAMES: Record<string, string> = { en: 'English', es: 'Spanish' }

const FILTERS: { id: SubscriberStatus | 'all'; title: string }[] = [
  { id: 'all', title: 'All' },
  { id: 'subscribed', title: 'Subscribed' },
  { id: 'pending', title: 'Pending' },
  { id: 'unsubscribed', title: 'Unsubscribed' },
]
const TONES = { subscribed: 'positive', pending: 'caution', unsubscribed: 'default' } as const

/** Sanity cloud: Studio users are Sanity accounts, so the manager enters NEWSLETTER_ADMIN_TOKEN once per tab. */
function useAdminToken(): [string, (token: string) => void] {
  const [token, setToken] = useState(() => sessionStorage.getItem(ADMIN_TOKEN_KEY) ?? '')
  const save = useCallback((value: string) => {
    sessionStorage.setItem(ADMIN_TOKEN_KEY, value)
    setToken(value)
  }, [])
  return [token, save]
}

const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '–')

type Filter = SubscriberStatus | 'all'

/** The page of subscribers the filter and offset select; `reloadPage` reads it again after a change. */
function useSubscriberPage(
  client: ReturnType<typeof createSubscribersClient>,
  filter: { status: SubscriberStatus | undefined; q: string },
  offset: number,
) {
  const [page, setPage] = useState<SubscriberPage | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [reload, setReload] = useState(0)
  useEffect(() => {
    let current = true
    client
      .list({ ...filter, limit: PAGE_SIZE, offset })
      .then((result) => current && (setPage(result), setError(null)))
      .catch((err: Error) => current && setError(err.message))
    return () => {
      current = false
    }
  }, [client, filter, offset, reload])
  return { page, error, setError, reloadPage: () => setReload((n) => n + 1) }
}

function StatusTabs({
  status,
  counts,
  onSelect,
}: {
  status: Filter
  counts: SubscriberPage['counts'] | undefined
  onSelect: (id: Filter) => void
}) {
  return (
    <TabList gap={2}>
      {FILTERS.map(({ id, title }) => (
        <Tab
          key={id}
          id={`subscribers-${id}`}
          aria-controls="subscribers-table"
          label={`${title} (${counts?.[id] ?? '…'})`}
          selected={status === id}
          onClick={() => onSelect(id)}
        />
      ))}
    </TabList>
  )
}

function SubscriberRow({
  subscriber,
  areaNames,
  busy,
  onUnsubscribe,
  onErase,
}: {
  subscriber: AdminSubscriber
  areaNames: Map<string, string>
  busy: boolean
  onUnsubscribe: () => void
  onErase: () => void
}) {
  return (
    <Card padding={3} borderBottom>
      <Flex align="center" gap={3} wrap="wrap">
        <Stack gap={2} flex={1}>
          <Text weight="semibold">{subscriber.email}</Text>
          <Text size={1} muted>
            {subscriber.firstName} {subscriber.lastName} · signed up {date(subscriber.createdAt)}
            {subscriber.confirmedAt ? ` · confirmed ${date(subscriber.confirmedAt)}` : ''}
            {subscriber.unsubscribedAt ? ` · unsubscribed ${date(subscriber.unsubscribedAt)}` : ''}
            {` · ${LANGUAGE_NAMES[subscriber.language] ?? subscriber.language}`}
          </Text>
          <Text size={1} muted>
            Show alerts: {areaList(subscriber.areas, areaNames)}
          </Text>
        </Stack>
        <Badge tone={TONES[subscriber.status]}>{subscriber.status}</Badge>
        <Inline gap={2}>
          <Button
            text="Unsubscribe"
            mode="ghost"
            disabled={busy || subscriber.status === 'unsubscribed'}
            onClick={onUnsubscribe}
          />
          <Button text="Delete" mode="ghost" tone="critical" disabled={busy} onClick={onErase} />
        </Inline>
      </Flex>
    </Card>
  )
}

function Pager({
  page,
  offset,
  setOffset,
}: {
  page: SubscriberPage
  offset: number
  setOffset: (offset: number) => void
}) {
  const range = pageRange(page, offset, PAGE_SIZE)
  return (
    <Flex align="center" gap={3}>
      <Button
        text="Previous"
        mode="ghost"
        disabled={offset === 0}
        onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
      />
      <Text size={1}>{range.label}</Text>
      <Button
        text="Next"
        mode="ghost"
        disabled={!range.hasNext}
        onClick={() => setOffset(offset + PAGE_SIZE)}
      />
    </Flex>
  )
}

/** Export, unsubscribe and erase; each reads the page again when it is done, or shows why it failed. */
function useSubscriberActions(
  client: ReturnType<typeof createSubscribersClient>,
  filter: { status: SubscriberStatus | undefined; q: string },
  { reloadPage, setError }: { reloadPage: () => void; setError: (message: string) => void },
) {
  const [busy, setBusy] = useState(false)
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await work()
      reloadPage()
    } catch (err) {
      setError((err as Error).message)
    } finally {
      setBusy(false)
    }
  }

  const download = () =>
    run(async () => {
      const { blob, fileName } = await client.exportCsv(filter)
      const url = URL.createObjectURL(blob)
      const link = Object.assign(document.createElement('a'), { href: url, download: fileName })
      link.click()
      URL.revokeObjectURL(url)
    })

  const unsubscribe = (subscriber: AdminSubscriber) => run(() => client.unsubscribe(subscriber.id))
  const erase = (subscriber: AdminSubscriber) => {
    // Erasure cannot be undone; the server keeps an audit log entry without the person's data.
    if (!window.confirm(`Delete ${subscriber.email} and all data about them? This cannot be undone.`)) return
    void run(() => client.erase(subscriber.id))
  }
  return { busy, download, unsubscribe, erase }
}

function SubscribersView({ token }: { token: string | undefined }) {
  const client = useMemo(() => createSubscribersClient({ token }), [token])
  const [status, setStatus] = useState<SubscriberStatus | 'all'>('all')
  const [search, setSearch] = useState('')
  const [offset, setOffset] = useState(0)
  const filter = useMemo(
    () => ({ status: status === 'all' ? undefined : status, q: search }),
    [status, search],
  )
  const { page, error, setError, reloadPage } = useSubscriberPage(client, filter, offset)
  const areaNames = useAreaNames()

  const { busy, download, unsubscribe, erase } = useSubscriberActions(client, filter, {
    reloadPage,
    setError,
  })

  return (
    <Stack gap={4}>
      <Flex align="center" gap={3} wrap="wrap">
        <Heading as="h1" size={2}>
          Subscribers
        </Heading>
        <Box flex={1} />
        <Button icon={DownloadIcon} text="Export CSV" mode="ghost" onClick={download} disabled={busy} />
      </Flex>
      <StatusTabs
        status={status}
        counts={page?.counts}
        onSelect={(id) => {
          setStatus(id)
          setOffset(0)
        }}
      />
      <TextInput
        placeholder="Search e-mail or name"
        aria-label="Search subscribers"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value)
          setOffset(0)
        }}
      />
      {error ? (
        <Card padding={3} tone="critical" radius={2}>
          <Text>{error}</Text>
        </Card>
      ) : null}
      <Card id="subscribers-table" radius={2} border>
        <Stack>
          {page?.items.length === 0 ? (
            <Box padding={4}>
              <Text muted>No subscribers match.</Text>
            </Box>
          ) : null}
          {page?.items.map((subscriber) => (
            <SubscriberRow
              key={subscriber.id}
              subscriber={subscriber}
              areaNames={areaNames}
              busy={busy}
              onUnsubscribe={() => void unsubscribe(subscriber)}
              onErase={() => erase(subscriber)}
            />
          ))}
        </Stack>
      </Card>
      {page && pageRange(page, offset, PAGE_SIZE).shown ? (
        <Pager page={page} offset={offset} setOffset={setOffset} />
      ) : null}
    </Stack>
  )
}

function LocalSubscribersTool() {
  return (
    <Container width={3} padding={4}>
      <SubscribersView token={useStudioToken()} />
    </Container>
  )
}

function CloudSubscribersTool() {
  const [token, setToken] = useAdminToken()
  const [draft, setDraft] = useState('')
  return (
    <Container width={3} padding={4}>
      {token ? (
        <SubscribersView token={token} />
      ) : (
        <Stack gap={3}>
          <Heading as="h1" size={2}>
            Subscribers
          </Heading>
          <Text>Enter the newsletter admin token (NEWSLETTER_ADMIN_TOKEN of the site's server).</Text>
          <Flex gap={2}>
            <Box flex={1}>
              <TextInput
                type="password"
                aria-label="Newsletter admin token"
                value={draft}
                onChange={(event) => setDraft(event.currentTarget.value)}
              />
            </Box>
            <Button text="Continue" tone="primary" disabled={!draft} onClick={() => setToken(draft)} />
          </Flex>
        </Stack>
      )}
    </Container>
  )
}

/** The "Subscribers" tool; `backend` decides how it authorises against the admin API. */
export function subscribersTool(backend: 'local' | 'cloud'): Tool {
  return {
    name: 'subscribers',
    title: 'Subscribers',
    icon: UsersIcon,
    component: backend === 'cloud' ? CloudSubscribersTool : LocalSubscribersTool,
  }
}
