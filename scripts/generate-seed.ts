/**
 * Writes content/seed/: production.ndjson (Sanity export format) and the placeholder images it references.
 * Run `node --import tsx scripts/generate-seed.ts` after editing scripts/seed/*; commit the outputs.
 * Output is deterministic, so re-running it without changes leaves git clean.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { logoSvg, sceneSvg } from './seed/scenes'
import { seedDocuments, seedImages } from './seed/seed-documents'

const seedDir = path.resolve('content/seed')
const imagesDir = path.join(seedDir, 'images')
mkdirSync(imagesDir, { recursive: true })

for (const spec of seedImages) {
  const svg = spec.subject === 'logo' ? logoSvg(spec.width) : sceneSvg(spec)
  const pipeline = sharp(Buffer.from(svg))
  const target = path.join(imagesDir, spec.file)
  if (spec.file.endsWith('.png')) await pipeline.png({ palette: true, compressionLevel: 9 }).toFile(target)
  else await pipeline.jpeg({ quality: 72, mozjpeg: true }).toFile(target)
}

const ndjson = seedDocuments()
  .map((doc) => JSON.stringify(doc))
  .join('\n')
writeFileSync(path.join(seedDir, 'production.ndjson'), `${ndjson}\n`)
console.log(`Wrote ${seedImages.length} images and ${seedDocuments().length} documents to ${seedDir}`)
