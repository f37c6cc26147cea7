import { createContext, useContext, type ReactNode } from 'react'
import { useLocale } from '../lib/i18n/messages'
import type { ClientAssets } from './app-state'
import '../styles/fonts.css'
import '../styles/global.css'

/**
 * The text of the stylesheets the server writes into the page (`ClientAssets.inlineCss`), by href: given by the
 * server render only. The browser renders the same `<style href precedence>` empty, and React adopts the
 * server's element (it looks hoisted styles up by `data-href`) without touching its text.
 */
export const InlineCssText = createContext<ReadonlyMap<string, string>>(new Map())

/**
 * The whole HTML document is rendered by React, so React 19 hoists every page's <title>, <meta> and
 * <link> into <head> on the server as well as in the browser.
 */
export function Document({ assets, children }: { assets: ClientAssets; children: ReactNode }) {
  const inlineText = useContext(InlineCssText)
  // The page's language, from its address (ADR 193): `es` under /es/.
  const locale = useLocale()
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2b1a12" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/*
          No font preloads: the faces are font-display: swap with metric-matched local fallbacks (fonts.css), so
          the first paint, hero poster included, waits for no font and nothing shifts when one swaps in (ADR 130).
        */}
        {assets.css.map((href) =>
          assets.inlineCss?.includes(href) ? (
            <style key={href} href={href} precedence="default">
              {inlineText.get(href) ?? ''}
            </style>
          ) : (
            <link key={href} rel="stylesheet" href={href} precedence="default" />
          ),
        )}
        {assets.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body>{children}</body>
    </html>
  )
}
