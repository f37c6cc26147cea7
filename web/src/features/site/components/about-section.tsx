import { lazy, Suspense, useEffect, useRef } from 'react'
import { onFirstInteraction } from '../../../lib/on-first-interaction'
import { useHydrated } from '../../../lib/use-hydrated'
import type { SiteSettings } from '../api/get-site-settings'
import './about-section.css'

/**
 * The about text is static HTML: its links are plain `<a>` elements with no handlers, so the server's copy
 * works as it is. The browser keeps it un-hydrated until the visitor's first input, and only then fetches the
 * Portable Text renderer (about 3 KB gzip) to hydrate it: code no one needs before an input (ADR 130). A
 * section mounted by a client-side navigation, or whose text a publish changes, loads it at once.
 */
let openGate = () => {}
const gate = new Promise<void>((resolve) => {
  openGate = resolve
})
if (!import.meta.env.SSR) onFirstInteraction(() => openGate())

const loadAboutText = () => import('./about-text').then((module) => ({ default: module.AboutText }))
const AboutText = lazy(import.meta.env.SSR ? loadAboutText : () => gate.then(loadAboutText))

/** Opens the gate when nothing is hydrating here: a mount after hydration, or new text. */
function useOpenGateWhenLive(about: SiteSettings['about'] | undefined) {
  const hydrated = useHydrated()
  const mountedLive = useRef(hydrated)
  const first = useRef(about)
  useEffect(() => {
    if (mountedLive.current || about !== first.current) openGate()
  }, [about])
}

export function AboutSection({ settings }: { settings: SiteSettings | null }) {
  useOpenGateWhenLive(settings?.about)
  return (
    <section id="about" className="section about" aria-labelledby="about-title" tabIndex={-1}>
      <div className="section__inner about__inner">
        <h2 id="about-title" className="section__title">
          About
        </h2>
        <div className="about__text">
          {settings?.about ? (
            <Suspense fallback={null}>
              <AboutText value={settings.about} />
            </Suspense>
          ) : null}
        </div>
      </div>
    </section>
  )
}
