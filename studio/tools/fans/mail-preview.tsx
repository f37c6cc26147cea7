import { Button, Card, Flex, Select, Stack, Text } from '@sanity/ui'
import { useEffect, useState } from 'react'
import { useClient } from 'sanity'
import type { AlertPreview, FansClient } from './fans-client'

type ShowOption = { _id: string; venue?: string; city?: string; startsAt: string }

/**
 * Shows, published or drafts (a draft's own venue wins), latest date first: the server says which would send
 * nothing (its clock decides what is past).
 */
const SHOWS = `*[_type == "event" && defined(startsAt) && !(_id in path("versions.**"))]
  | order(startsAt desc) [0...200] { _id, venue, city, startsAt }`

const publishedId = (id: string) => id.replace(/^drafts\./, '')

function useShowOptions(): ShowOption[] | null {
  const client = useClient({ apiVersion: '2025-02-19' })
  const [shows, setShows] = useState<ShowOption[] | null>(null)
  useEffect(() => {
    let current = true
    void client.fetch<ShowOption[]>(SHOWS, {}, { perspective: 'raw' }).then((rows) => {
      const byId = new Map<string, ShowOption>()
      for (const row of rows) {
        const id = publishedId(row._id)
        if (!byId.has(id) || row._id.startsWith('drafts.')) byId.set(id, { ...row, _id: id })
      }
      if (current) setShows([...byId.values()])
    })
    return () => {
      current = false
    }
  }, [client])
  return shows
}

const label = (show: ShowOption) =>
  `${new Date(show.startsAt).toLocaleDateString()} · ${show.venue ?? 'No venue'}${show.city ? `, ${show.city}` : ''}`

/** The mail a show's fans would get when it is first published, and how many it would reach now. */
export function MailPreview({ client }: { client: FansClient }) {
  const shows = useShowOptions()
  const [chosen, setChosen] = useState('')
  const [preview, setPreview] = useState<AlertPreview | null>(null)
  const [error, setError] = useState<string | null>(null)
  const show = chosen || shows?.[0]?._id || ''

  const load = () => {
    setError(null)
    client
      .preview(show)
      .then(setPreview)
      .catch((err: Error) => (setPreview(null), setError(err.message)))
  }

  return (
    <Card radius={2} border padding={3}>
      <Stack gap={3}>
        <Text as="h2" weight="semibold">
          Mail preview
        </Text>
        <Text size={1} muted>
          What the fans of a show&apos;s area (and those of everywhere) get when it is first published with
          &ldquo;Notify fans&rdquo; on. Shows published within a few minutes share one mail.
        </Text>
        <Flex gap={2} align="center">
          <Select
            aria-label="Show to preview"
            value={show}
            disabled={!shows?.length}
            onChange={(event) => setChosen(event.currentTarget.value)}
          >
            {shows?.length === 0 ? <option value="">No shows yet</option> : null}
            {shows?.map((row) => (
              <option key={row._id} value={row._id}>
                {label(row)}
              </option>
            ))}
          </Select>
          <Button text="Preview mail" mode="ghost" disabled={!show} onClick={load} />
        </Flex>
        {error ? (
          <Card padding={3} tone="critical" radius={2}>
            <Text>{error}</Text>
          </Card>
        ) : null}
        {preview ? <PreviewBody preview={preview} /> : null}
      </Stack>
    </Card>
  )
}

function PreviewBody({ preview }: { preview: AlertPreview }) {
  return (
    <Stack gap={3}>
      <Text size={1}>
        Subject: <strong>{preview.subject}</strong>
      </Text>
      {preview.notSentBecause ? (
        <Card padding={3} tone="caution" radius={2}>
          <Text size={1}>Publishing it sends no mail: {preview.notSentBecause}.</Text>
        </Card>
      ) : (
        <Text size={1}>Would go to {preview.recipients.toLocaleString()} confirmed fans now.</Text>
      )}
      <iframe
        title="Mail preview"
        sandbox=""
        srcDoc={preview.html}
        style={{ width: '100%', height: '28rem', border: '1px solid var(--card-border-color)' }}
      />
    </Stack>
  )
}
