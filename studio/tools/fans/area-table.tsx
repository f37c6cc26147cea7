import { Card, Stack, Text } from '@sanity/ui'
import type { AlertsOverview } from './fans-client'

const cell = { padding: '0.5rem 0.75rem', textAlign: 'left' } as const
const number = { ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const

/** Confirmed subscribers per area, most first (everywhere on top): where the fans are, for booking. */
export function AreaTable({ rows }: { rows: AlertsOverview['subscribersPerArea'] }) {
  const sorted = [...rows].sort(
    (a, b) => Number(b.area === null) - Number(a.area === null) || b.subscribers - a.subscribers,
  )
  return (
    <Card radius={2} border>
      <table style={{ borderCollapse: 'collapse', width: '100%' }}>
        <caption style={{ textAlign: 'left', padding: '0.75rem' }}>
          <Stack gap={2}>
            <Text as="h2" weight="semibold">
              Subscribers per area
            </Text>
            <Text size={1} muted>
              Confirmed subscribers. A fan who chose two areas counts in both.
            </Text>
          </Stack>
        </caption>
        <thead>
          <tr>
            <th scope="col" style={cell}>
              <Text size={1} weight="semibold">
                Area
              </Text>
            </th>
            <th scope="col" style={number}>
              <Text size={1} weight="semibold">
                Subscribers
              </Text>
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={row.area ?? '(everywhere)'} style={{ borderTop: '1px solid var(--card-border-color)' }}>
              <th scope="row" style={cell}>
                <Text weight="regular">{row.name}</Text>
              </th>
              <td style={number}>
                <Text>{row.subscribers.toLocaleString()}</Text>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  )
}
