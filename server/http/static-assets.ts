import path from 'node:path'
import express from 'express'

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

/**
 * Serves the built client. Files under /assets/ carry a content hash in their name, so they are cached
 * for a year and marked immutable; anything else (favicon, robots) must revalidate.
 */
export function staticAssets(clientDir: string) {
  return express.static(clientDir, {
    index: false,
    redirect: false,
    setHeaders(res, filePath) {
      const relative = path.relative(clientDir, filePath).split(path.sep).join('/')
      res.setHeader(
        'Cache-Control',
        relative.startsWith('assets/')
          ? `public, max-age=${ONE_YEAR_SECONDS}, immutable`
          : 'public, max-age=0, must-revalidate',
      )
    },
  })
}
