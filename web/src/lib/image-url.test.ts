import { createImageUrlBuilder } from '@sanity/image-url'
import { describe, expect, it } from 'vitest'
import { createImageUrlFactory, imageDimensions, imageSrcSet, type ImageRef } from './image-url'

const config = { projectId: 'local', dataset: 'production', assetBaseUrl: '/content' }
const ours = createImageUrlFactory(config)
const official = createImageUrlBuilder({ ...config, baseUrl: config.assetBaseUrl })

function theirs(image: ImageRef, box: { width: number; height?: number }) {
  let url = official.image(image as Parameters<typeof official.image>[0]).width(box.width)
  if (box.height) url = url.height(box.height).fit('crop')
  return url.auto('format').url()
}

const ref = (id: string) => ({ _type: 'reference', _ref: id })
const landscape = { asset: ref('image-ed5fe95a1f9382b1c75ab6ec3a56d55eaeef08c6-1600x900-jpg') }
const portrait = { asset: ref('image-3604a0afa08c68ceabdcd18901acf936a957461b-900x1200-jpg') }

describe('image URLs', () => {
  const cases: [string, ImageRef, { width: number; height?: number }][] = [
    ['width only', landscape, { width: 768 }],
    ['a box of another aspect ratio', landscape, { width: 640, height: 480 }],
    ['a portrait into a landscape box', portrait, { width: 640, height: 480 }],
    ['a landscape into a square', landscape, { width: 300, height: 300 }],
    [
      'crop and hotspot',
      {
        ...landscape,
        crop: { _type: 'sanity.imageCrop', top: 0.1, bottom: 0.05, left: 0.2, right: 0 },
        hotspot: { _type: 'sanity.imageHotspot', x: 0.9, y: 0.3, width: 0.2, height: 0.2 },
      } as ImageRef,
      { width: 400, height: 400 },
    ],
    [
      'crop without a box',
      { ...portrait, crop: { top: 0.25, bottom: 0, left: 0, right: 0.1 } } as ImageRef,
      { width: 500 },
    ],
    [
      'hotspot near the bottom of a tall image',
      { ...portrait, hotspot: { x: 0.5, y: 0.95, width: 0.1, height: 0.1 } } as ImageRef,
      { width: 1200, height: 630 },
    ],
  ]

  it.each(cases)('match @sanity/image-url: %s', (_name, image, box) => {
    expect(ours(image, box)).toBe(theirs(image, box))
  })

  it("use Sanity's CDN with a cloud project", () => {
    const cdn = createImageUrlFactory({
      projectId: 'abc123',
      dataset: 'prod',
      assetBaseUrl: 'https://cdn.sanity.io',
    })
    expect(cdn(landscape, { width: 100 })).toBe(
      'https://cdn.sanity.io/images/abc123/prod/ed5fe95a1f9382b1c75ab6ec3a56d55eaeef08c6-1600x900.jpg?w=100&auto=format',
    )
  })

  it('read the original size from the asset id and never upscale in a srcset', () => {
    expect(imageDimensions(landscape)).toEqual({ width: 1600, height: 900 })
    expect(imageDimensions({ asset: null })).toBeNull()
    const srcset = imageSrcSet(ours, landscape, [480, 1080, 1920])
    expect(srcset.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['480w', '1080w'])
  })
})
