import { createInterface } from 'node:readline'
import type { Readable } from 'node:stream'
import { badRequest } from '../errors'
import { isValidDocumentId } from '../ids'
import type { SanityDocument } from '../types'

/** Reads NDJSON documents, naming the line of any that is not valid JSON or lacks `_id`/`_type`. */
export async function readNdjson(input: Readable): Promise<SanityDocument[]> {
  const docs: SanityDocument[] = []
  let line = 0
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    line++
    if (!text.trim()) continue
    let doc: unknown
    try {
      doc = JSON.parse(text)
    } catch {
      throw badRequest(`Line ${line} is not valid JSON`)
    }
    const candidate = doc as Partial<SanityDocument> | null
    if (!candidate || typeof candidate !== 'object' || Array.isArray(candidate)) {
      throw badRequest(`Line ${line} is not a JSON object`)
    }
    if (typeof candidate._id !== 'string' || !isValidDocumentId(candidate._id)) {
      throw badRequest(`Line ${line}: missing or invalid _id`)
    }
    if (typeof candidate._type !== 'string' || !candidate._type) {
      throw badRequest(`Line ${line} (document "${candidate._id}"): missing _type`)
    }
    docs.push(candidate as SanityDocument)
  }
  return docs
}

/** Documents as NDJSON, one per line (Sanity's export format). */
export function toNdjson(docs: SanityDocument[]): string {
  return docs.map((doc) => `${JSON.stringify(doc)}\n`).join('')
}
