import { lazy, Suspense, useState } from 'react'
import { useDeferredModule } from '../../../lib/first-load/use-deferred-module'
import { useHydrated } from '../../../lib/first-load/use-hydrated'
import type { SiteSettings } from '../api/get-site-settings'
import { useMessages } from '../../../lib/i18n/messages'
import './about-section.css'

type AboutTextProps = { value: NonNullable<SiteSettings['about']> }

/**
 * The about text is static HTML: its links are plain `<a>` elements with no handlers, so the server's copy
 * works as it is. The browser keeps that copy, as HTML it does not hydrate, until the visitor's first input, and
 * only then fetches the Portable Text renderer and draws the text with it: code no one needs
 * before an input (ADR 130). A section mounted by a client-side navigation, or whose text a publish changes,
 * loads it at once.
 *
 * Not a `lazy` component behind Suspense in the browser: a boundary still waiting to hydrate that gets new
 * props (any render of this section, as when hydration ends) drops the server's text for its empty fallback,
 * and while it waits it holds back every later transition (ADR 130).
 */
const loadAboutText = () => import('./about-text')

/** The server renders the text in place (it waits for the module); the browser's bundle leaves this out. */
const ServerAboutText = import.meta.env.SSR
  ? lazy(() => import('./about-text').then((module) => ({ default: module.AboutText })))
  : undefined

/** The renderer: at the first input, or at once when nothing is hydrating here or the text changed. */
function useAboutText(about: SiteSettings['about'] | undefined) {
  const hydrated = useHydrated()
  const [mountedLive] = useState(hydrated)
  const [first] = useState(about)
  return useDeferredModule(loadAboutText, mountedLive || about !== first ? 'now' : 'first-input')
}

/** The server's HTML of the text, read once from the page being hydrated (empty on a client-side navigation). */
function useServerHtml(): string {
  const [html] = useState(() => document.querySelector('#about .about__text')?.innerHTML ?? '')
  return html
}

function ClientAboutText({ about, lang }: { about: AboutTextProps['value']; lang?: string }) {
  const module = useAboutText(about)
  const serverHtml = useServerHtml()
  return module ? (
    <div key="live" className="about__text" lang={lang}>
      <module.AboutText value={about} />
    </div>
  ) : (
    <div key="server" className="about__text" lang={lang} dangerouslySetInnerHTML={{ __html: serverHtml }} />
  )
}

export function AboutSection({ settings }: { settings: SiteSettings | null }) {
  const about = settings?.about
  const { about: words } = useMessages()
  // English standing in for a missing Spanish text is marked as English (ADR 193).
  const lang = settings?.aboutLang ?? undefined
  return (
    <section id="about" className="section about" aria-labelledby="about-title" tabIndex={-1}>
      <div className="section__inner about__inner">
        <h2 id="about-title" className="section__title">
          {words.title}
        </h2>
        {!about ? (
          <div className="about__text" />
        ) : ServerAboutText ? (
          <div className="about__text" lang={lang}>
            <Suspense fallback={null}>
              <ServerAboutText value={about} />
            </Suspense>
          </div>
        ) : (
          <ClientAboutText about={about} lang={lang} />
        )}
      </div>
    </section>
  )
}
