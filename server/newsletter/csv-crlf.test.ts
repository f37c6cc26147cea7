import { describe, expect, it } from 'vitest'
import { crlfRecordEnds } from './csv-crlf'

/** Records as PostgreSQL's `COPY ... CSV FORCE_QUOTE *` writes them, and as `csvLine` does. */
const LF_RECORDS = '"a","Two\nlines"\n"Say ""hi""\n","ñ 🎸"\n"""","\r"\n'
const CRLF_RECORDS = '"a","Two\nlines"\r\n"Say ""hi""\n","ñ 🎸"\r\n"""","\r"\r\n'

describe('crlfRecordEnds', () => {
  it('ends records with CRLF and leaves line breaks inside cells, wherever the chunks are cut', () => {
    const bytes = Buffer.from(LF_RECORDS)
    for (let cut = 0; cut <= bytes.length; cut++) {
      const convert = crlfRecordEnds()
      const out = Buffer.concat([convert(bytes.subarray(0, cut)), convert(bytes.subarray(cut))])
      expect(out.toString('utf8')).toBe(CRLF_RECORDS)
    }
  })

  it('converts a byte at a time as it does the whole', () => {
    const convert = crlfRecordEnds()
    const bytes = Buffer.from(LF_RECORDS)
    const out = Buffer.concat([...bytes].map((byte) => convert(Buffer.from([byte]))))
    expect(out.toString('utf8')).toBe(CRLF_RECORDS)
  })
})
