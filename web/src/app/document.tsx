import type { ReactNode } from 'react'
import type { ClientAssets } from './app-state'
import '@fontsource/alegreya-sans/latin-400.css'
import '@fontsource/alegreya-sans/latin-700.css'
import '@fontsource/rye/latin-400.css'
import bodyFontUrl from '@fontsource/alegreya-sans/files/alegreya-sans-latin-400-normal.woff2?url'
import displayFontUrl from '@fontsource/rye/files/rye-latin-400-normal.woff2?url'
import '../styles/global.css'

/**
 * The whole HTML document is rendered by React, so React 19 hoists every page's <title>, <meta> and
 * <link> into <head> on the server as well as in the browser.
 */
export function Document({ assets, children }: { assets: ClientAssets; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2b1a12" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* The body face and the display face of the hero title render above the fold: fetch them early. */}
        <link rel="preload" href={bodyFontUrl} as="font" type="font/woff2" crossOrigin="" />
        <link rel="preload" href={displayFontUrl} as="font" type="font/woff2" crossOrigin="" />
        {assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
        {assets.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body>{children}</body>
    </html>
  )
}
