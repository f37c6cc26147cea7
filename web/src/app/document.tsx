import type { ReactNode } from 'react'
import type { ClientAssets } from './app-state'
import bodyFontUrl from '../styles/fonts/alegreya-sans-400-core.woff2?url'
import boldFontUrl from '../styles/fonts/alegreya-sans-700-core.woff2?url'
import displayFontUrl from '../styles/fonts/rye-400-core.woff2?url'
import '../styles/fonts.css'
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
        {/*
          The body face, its bold (navigation, buttons, dates) and the display face of the headings render above
          the fold: fetch their core files (scripts/subset-fonts.ts) early, so the first paint uses them and no
          text shifts when a face swaps in later (ADR 130).
        */}
        <link rel="preload" href={bodyFontUrl} as="font" type="font/woff2" crossOrigin="" />
        <link rel="preload" href={boldFontUrl} as="font" type="font/woff2" crossOrigin="" />
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
