import { Badge, Card, Flex, Stack, Text } from '@sanity/ui'
import type { AlertsOverview } from './fans-client'

const STATUSES = [
  { key: 'queued', title: 'Queued' },
  { key: 'sent', title: 'Sent' },
  { key: 'failed', title: 'Failed' },
  { key: 'skipped', title: 'Skipped' },
] as const

const when = (iso: string) => new Date(iso).toLocaleString()

/** The show alerts' outbox: how many mails wait, went, failed or were no longer due; and what was given up on. */
export function OutboxSummary({ overview }: { overview: AlertsOverview }) {
  return (
    <Card radius={2} border padding={3}>
      <Stack gap={4}>
        <Text as="h2" weight="semibold">
          Show alert mails
        </Text>
        <Flex as="dl" gap={4} wrap="wrap" style={{ margin: 0 }}>
          {STATUSES.map(({ key, title }) => (
            <Stack key={key} gap={2}>
              <Text as="dt" size={1} muted>
                {title}
              </Text>
              <Text as="dd" size={3} weight="semibold" style={{ margin: 0 }}>
                <span data-testid={`alerts-${key}`}>{overview.outbox[key].toLocaleString()}</span>
              </Text>
            </Stack>
          ))}
        </Flex>
        <Text size={1} muted>
          Skipped: the fan left or changed areas before their mail went.
        </Text>
        <GivenUp rows={overview.givenUp} />
      </Stack>
    </Card>
  )
}

function GivenUp({ rows }: { rows: AlertsOverview['givenUp'] }) {
  if (rows.length === 0) return <Text size={1}>Nothing given up on.</Text>
  return (
    <Stack gap={3}>
      <Text as="h3" size={1} weight="semibold">
        Given up on (latest {rows.length})
      </Text>
      {rows.map((row) => (
        <Flex key={row.id} gap={3} align="center" wrap="wrap">
          <Badge tone="critical">failed</Badge>
          <Text size={1}>{when(row.at)}</Text>
          <Text size={1} muted>
            {row.error ?? 'no reason recorded'}
          </Text>
        </Flex>
      ))}
    </Stack>
  )
}
