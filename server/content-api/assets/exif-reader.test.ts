import fc from 'fast-check'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { geopointOf, readExif } from './exif-reader'

/** A big-endian TIFF block by hand: IFD0 with Make and an ExifOffset that points back at IFD0 (a loop). */
function bigEndianLoop(): Buffer {
  const b = Buffer.alloc(64)
  b.write('MM', 0, 'latin1')
  b.writeUInt16BE(42, 2)
  b.writeUInt32BE(8, 4)
  b.writeUInt16BE(2, 8) // two entries
  // Make, ASCII, 4 bytes inline: "Ab\0\0"
  b.writeUInt16BE(0x010f, 10)
  b.writeUInt16BE(2, 12)
  b.writeUInt32BE(4, 14)
  b.write('Ab\0\0', 18, 'latin1')
  // ExifOffset, LONG, 1 -> 8 (IFD0 again)
  b.writeUInt16BE(0x8769, 22)
  b.writeUInt16BE(4, 24)
  b.writeUInt32BE(1, 26)
  b.writeUInt32BE(8, 30)
  return b
}

describe('EXIF reader', () => {
  it('reads big-endian blocks and does not follow an IFD offset it has read', () => {
    expect(readExif(bigEndianLoop())).toEqual({ image: { Make: 'Ab', ExifOffset: 8 }, exif: {}, gps: {} })
  })

  it('reads what libvips writes, and the GPS position as a geopoint', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .withExif({
        IFD0: { Make: 'Fuji' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '40/1 26/1 4632/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 0/1 0/1',
        },
      })
      .jpeg()
      .toBuffer()
    const facts = readExif((await sharp(jpeg).metadata()).exif)!
    expect(facts.image.Make).toBe('Fuji')
    expect(geopointOf(facts.gps)).toEqual({ _type: 'geopoint', lat: -40.4462, lng: 2 })
    expect(geopointOf({ GPSLatitude: [91, 0, 0], GPSLongitude: [1, 0, 0] })).toBeUndefined()
  })

  it('never throws on hostile blocks: random bytes, truncations, huge counts', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.boolean(), (bytes, header) => {
        const block = Buffer.concat([
          header ? Buffer.from('Exif\0\0MM\0\x2a\0\0\0\x08', 'latin1') : Buffer.alloc(0),
          bytes,
        ])
        const facts = readExif(block)
        if (facts) expect(typeof facts.image).toBe('object')
      }),
      { numRuns: 2000 },
    )
    const loop = bigEndianLoop()
    for (let cut = 0; cut < loop.length; cut++) expect(() => readExif(loop.subarray(0, cut))).not.toThrow()
    const huge = bigEndianLoop()
    huge.writeUInt32BE(0xffffffff, 14) // Make claims 4 GB of text
    expect(readExif(huge)!.image).not.toHaveProperty('Make')
    expect(readExif(undefined)).toBeNull()
  })
})
