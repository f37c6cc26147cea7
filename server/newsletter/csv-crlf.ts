const QUOTE = 0x22
const LF = 0x0a
const CR = 0x0d

/**
 * Turns the LF record ends of a CSV stream whose cells are all quoted (PostgreSQL's `COPY ... CSV FORCE_QUOTE *`)
 * into CRLF, as `csvLine` writes them; a line break inside a quoted cell stays as it is. Each call takes the
 * stream's next chunk, wherever it was cut: whether a quote is open is carried over. Bytes, not text: a quote
 * and a line feed are single bytes in UTF-8, never part of another character.
 */
export function crlfRecordEnds(): (chunk: Buffer) => Buffer {
  let quoted = false
  return (chunk) => {
    const ends: number[] = []
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]
      // A doubled quote inside a cell closes and reopens it: the state after it is the same.
      if (byte === QUOTE) quoted = !quoted
      else if (byte === LF && !quoted) ends.push(i)
    }
    if (ends.length === 0) return chunk
    const out = Buffer.allocUnsafe(chunk.length + ends.length)
    let from = 0
    let to = 0
    for (const end of ends) {
      to += chunk.copy(out, to, from, end)
      out[to++] = CR
      from = end
    }
    chunk.copy(out, to, from)
    return out
  }
}
