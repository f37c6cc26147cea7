import { EarthGlobeIcon } from '@sanity/icons/EarthGlobe'
import { Box, Button, Card, Container, Flex, Heading, Stack, Text } from '@sanity/ui'
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { Tool } from 'sanity'
import { useStudioToken } from '../studio-token'
import { AreaTable } from './area-table'
import { createFansClient, type AlertsOverview, type FansClient } from './fans-client'
import { MailPreview } from './mail-preview'
import { OutboxSummary } from './outbox-summary'

/** How often the counts are read again while the tool is open: a fan-out moves them by the second. */
const REFRESH_MS = 10_000

function useOverview(client: FansClient) {
  const [overview, setOverview] = useState<AlertsOverview | null>(null)
  const [error, setError] = useState<string | null>(null)
  const refresh = useCallback(() => {
    client
      .overview()
      .then((read) => (setOverview(read), setError(null)))
      .catch((err: Error) => setError(err.message))
  }, [client])
  useEffect(() => {
    refresh()
    const timer = setInterval(refresh, REFRESH_MS)
    return () => clearInterval(timer)
  }, [refresh])
  return { overview, error, refresh }
}

function FansView() {
  const token = useStudioToken()
  const client = useMemo(() => createFansClient({ token }), [token])
  const { overview, error, refresh } = useOverview(client)
  return (
    <Container width={2} padding={4}>
      <Stack gap={4}>
        <Flex align="center" gap={3}>
          <Heading as="h1" size={2}>
            Fans
          </Heading>
          <Box flex={1} />
          <Button text="Refresh" mode="ghost" onClick={refresh} />
        </Flex>
        {error ? (
          <Card padding={3} tone="critical" radius={2} role="alert">
            <Text>{error}</Text>
          </Card>
        ) : null}
        {overview ? (
          <>
            <AreaTable rows={overview.subscribersPerArea} />
            <OutboxSummary overview={overview} />
          </>
        ) : null}
        <MailPreview client={client} />
      </Stack>
    </Container>
  )
}

/**
 * The "Fans" tool: where the fans are (confirmed subscribers per area), the show alert mails queued, sent and
 * failed, and a preview of a show's mail before it goes. Local backend only: the alerts run on the embedded
 * content API's commits (docs/decisions/190-show-alerts-outbox.md).
 */
export function fansTool(): Tool {
  return { name: 'fans', title: 'Fans', icon: EarthGlobeIcon, component: FansView }
}
