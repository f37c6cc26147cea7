import { describe, expect, it } from 'vitest'
import { schemaTypes } from './index'

type FieldLike = {
  name?: string
  type?: string
  description?: unknown
  fields?: FieldLike[]
  of?: FieldLike[]
  marks?: { annotations?: FieldLike[] }
}

/**
 * Every field the band manager fills in, with its path: document fields, image and object sub-fields, the fields
 * of array members and of rich-text annotations (a link's URL).
 */
function fieldPaths(type: FieldLike, prefix: string): { path: string; field: FieldLike }[] {
  const own = (type.fields ?? []).flatMap((field) => {
    const path = `${prefix}.${field.name}`
    return [{ path, field }, ...fieldPaths(field, path)]
  })
  const members = [...(type.of ?? []), ...(type.marks?.annotations ?? [])].flatMap((member) =>
    fieldPaths(member, `${prefix}[${member.name ?? member.type}]`),
  )
  return [...own, ...members]
}

describe('help text', () => {
  it('every field in the Studio says what it is for', () => {
    const missing = (schemaTypes as FieldLike[])
      .flatMap((type) => fieldPaths(type, type.name ?? '?'))
      .filter(({ field }) => typeof field.description !== 'string' || field.description.trim() === '')
      .map(({ path }) => path)
    expect(missing, `${missing.length} fields without a description`).toEqual([])
  })
})
