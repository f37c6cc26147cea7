import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from './csv'

describe('csv', () => {
  it('quotes every cell and doubles quotes', () => {
    expect(csvCell('Ana "La Güera" López')).toBe('"Ana ""La Güera"" López"')
    expect(csvCell('a,b\nc')).toBe('"a,b\nc"')
    expect(csvCell(null)).toBe('""')
    expect(csvCell(3)).toBe('"3"')
  })

  it('defuses spreadsheet formulas', () => {
    for (const evil of ['=HYPERLINK("http://x")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvCell(evil).startsWith(`"'`)).toBe(true)
    }
    expect(csvCell('ana@example.com')).toBe('"ana@example.com"')
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvCell('')).toBe('""')
  })

  it('starts with a UTF-8 BOM and ends rows with CRLF', () => {
    expect(toCsv(['a', 'b'], [['1', '2']])).toBe('\uFEFF"a","b"\r\n"1","2"\r\n')
  })
})
