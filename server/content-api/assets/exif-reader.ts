import { DATE_TAGS, EXIF_TAGS, GPS_TAGS, IMAGE_TAGS } from './exif-tags'

/**
 * A small EXIF (TIFF IFD) reader for the `exif`, `image` and `location` upload metadata (ADR 140). The block comes
 * from an uploader, so every offset is bounds-checked, each IFD is read once and holds at most MAX_ENTRIES
 * entries, values are short, and anything malformed yields what was read so far (never an exception to the caller).
 */

type Value = string | number | number[]
export type ExifFacts = {
  image: Record<string, Value>
  exif: Record<string, Value>
  gps: Record<string, Value>
}

const MAX_ENTRIES = 400
/** Longest text and longest list of numbers kept: real tags are far shorter, and the values end up in a document. */
const MAX_TEXT_BYTES = 2000
const MAX_COMPONENTS = 64
/** Bytes per component of each TIFF field type we read; 7 (UNDEFINED) and unknown types are skipped. */
const TYPE_SIZE: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
}

/** `2023:04:11 11:44:42` -> `2023-04-11T11:44:42.000Z` (EXIF has no zone; read as UTC, as Sanity shows them). */
function isoDate(text: string): string | undefined {
  const m = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(text)
  if (!m) return undefined
  const date = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!))
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

export function readExif(block: Buffer | undefined): ExifFacts | null {
  if (!block || block.length < 14) return null
  // sharp hands over the APP1 payload, "Exif\0\0" then the TIFF header.
  const tiff = block.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? block.subarray(6) : block
  const order = tiff.subarray(0, 2).toString('latin1')
  if (order !== 'II' && order !== 'MM') return null
  const little = order === 'II'
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at))
  const i32 = (at: number) => (little ? tiff.readInt32LE(at) : tiff.readInt32BE(at))
  const fits = (at: number, bytes: number) => at >= 0 && bytes >= 0 && at + bytes <= tiff.length
  if (!fits(0, 8) || u16(2) !== 42) return null

  const component = (type: number, at: number): number => {
    switch (type) {
      case 1:
      case 6:
        return type === 1 ? tiff.readUInt8(at) : tiff.readInt8(at)
      case 3:
        return u16(at)
      case 8:
        return little ? tiff.readInt16LE(at) : tiff.readInt16BE(at)
      case 4:
        return u32(at)
      case 9:
        return i32(at)
      case 5:
      case 10: {
        const [n, d] = type === 5 ? [u32(at), u32(at + 4)] : [i32(at), i32(at + 4)]
        return d === 0 ? 0 : n / d
      }
      case 11:
        return little ? tiff.readFloatLE(at) : tiff.readFloatBE(at)
      default:
        return little ? tiff.readDoubleLE(at) : tiff.readDoubleBE(at)
    }
  }

  const visited = new Set<number>()
  const readIfd = (offset: number, names: Record<number, string>): Record<string, Value> => {
    const out: Record<string, Value> = {}
    if (visited.has(offset) || !fits(offset, 2)) return out
    visited.add(offset)
    const count = Math.min(u16(offset), MAX_ENTRIES)
    for (let i = 0; i < count; i++) {
      const entry = offset + 2 + i * 12
      if (!fits(entry, 12)) break
      const name = names[u16(entry)]
      const type = u16(entry + 2)
      const size = TYPE_SIZE[type]
      const n = u32(entry + 4)
      if (!name || !size || n === 0 || n > (type === 2 ? MAX_TEXT_BYTES : MAX_COMPONENTS)) continue
      const at = n * size <= 4 ? entry + 8 : u32(entry + 8)
      if (!fits(at, n * size)) continue
      if (type === 2) {
        const text = tiff
          .subarray(at, at + n)
          .toString('latin1')
          .replace(/\0[\s\S]*$/, '')
          .trim()
        const value = DATE_TAGS.has(name) ? isoDate(text) : text
        if (value) out[name] = value
        continue
      }
      const values = Array.from({ length: n }, (_, k) => component(type, at + k * size))
      if (values.some((v) => !Number.isFinite(v))) continue
      out[name] = values.length === 1 ? values[0]! : values
    }
    return out
  }

  try {
    const image = readIfd(u32(4), IMAGE_TAGS)
    const exif = typeof image.ExifOffset === 'number' ? readIfd(image.ExifOffset, EXIF_TAGS) : {}
    const gps = typeof image.GPSInfo === 'number' ? readIfd(image.GPSInfo, GPS_TAGS) : {}
    return { image, exif, gps }
  } catch {
    return null
  }
}

/** Sanity's `metadata.location` (a `geopoint`) from the GPS IFD, when it holds a latitude and a longitude. */
export function geopointOf(
  gps: Record<string, Value>,
): { _type: 'geopoint'; lat: number; lng: number; alt?: number } | undefined {
  const degrees = (value: Value | undefined) =>
    Array.isArray(value) && value.length === 3 ? value[0]! + value[1]! / 60 + value[2]! / 3600 : undefined
  const lat = degrees(gps.GPSLatitude)
  const lng = degrees(gps.GPSLongitude)
  if (lat === undefined || lng === undefined || Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined
  const point: { _type: 'geopoint'; lat: number; lng: number; alt?: number } = {
    _type: 'geopoint',
    lat: gps.GPSLatitudeRef === 'S' ? -lat : lat,
    lng: gps.GPSLongitudeRef === 'W' ? -lng : lng,
  }
  if (typeof gps.GPSAltitude === 'number')
    point.alt = gps.GPSAltitudeRef === 1 ? -gps.GPSAltitude : gps.GPSAltitude
  return point
}
