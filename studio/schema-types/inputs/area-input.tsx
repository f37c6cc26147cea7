import { Button, Card, Flex, Stack, Text } from '@sanity/ui'
import { useEffect, useState } from 'react'
import { set, useClient, useFormValue, type ReferenceInputProps } from 'sanity'
import { AREAS_QUERY, suggestArea, type AreaCoverage } from '../area-match'

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined)

/**
 * The show's area field with the area its venue's city or state suggests, one click to take it. Shown while no
 * area is chosen; the band manager can still pick any other.
 */
export function AreaInput(props: ReferenceInputProps) {
  const client = useClient({ apiVersion: '2025-02-19' })
  const venue = {
    city: text(useFormValue(['city'])),
    region: text(useFormValue(['region'])),
    country: text(useFormValue(['country'])),
  }
  const [areas, setAreas] = useState<AreaCoverage[]>([])
  useEffect(() => {
    const subscription = client.observable
      .fetch<AreaCoverage[]>(AREAS_QUERY, {}, { tag: 'studio.show-area' })
      .subscribe({ next: setAreas, error: () => setAreas([]) })
    return () => subscription.unsubscribe()
  }, [client])

  const chosen = (props.value as { _ref?: string } | undefined)?._ref
  const suggested = chosen || props.readOnly ? null : suggestArea(areas, venue)
  return (
    <Stack gap={3}>
      {props.renderDefault(props)}
      {suggested && (
        <Card tone="primary" padding={3} radius={2} border>
          <Flex align="center" gap={3}>
            <Text size={1} style={{ flex: 1 }}>
              {venue.city ?? venue.region} is in {suggested.name ?? 'an area'}.
            </Text>
            <Button
              mode="ghost"
              text={`Use ${suggested.name ?? 'this area'}`}
              onClick={() => props.onChange(set({ _type: 'reference', _ref: suggested._id }))}
            />
          </Flex>
        </Card>
      )}
    </Stack>
  )
}
