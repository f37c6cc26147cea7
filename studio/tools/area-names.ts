import { useEffect, useState } from 'react'
import { useClient } from 'sanity'

const AREAS = `*[_type == "area" && defined(slug.current)] { "name": name.en, "slug": slug.current }`

/** The areas' names by slug (subscribers store slugs), read once; empty until read. */
export function useAreaNames(): Map<string, string> {
  const client = useClient({ apiVersion: '2025-02-19' })
  const [names, setNames] = useState(() => new Map<string, string>())
  useEffect(() => {
    let current = true
    void client
      .fetch<{ name?: string; slug: string }[]>(AREAS)
      .then((rows) => current && setNames(new Map(rows.map((row) => [row.slug, row.name ?? row.slug]))))
    return () => {
      current = false
    }
  }, [client])
  return names
}

/** "Bay Area, Southern California", or "everywhere" when none was chosen. */
export const areaList = (slugs: string[], names: Map<string, string>) =>
  slugs.length === 0 ? 'everywhere' : slugs.map((slug) => names.get(slug) ?? slug).join(', ')
