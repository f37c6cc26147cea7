import { lazy, Suspense } from 'react'
import type { SiteSettings } from '../api/get-site-settings'
import './about-section.css'

// The server renders the text in full; the browser keeps that HTML and hydrates it once this chunk arrives.
const AboutText = lazy(() => import('./about-text').then((module) => ({ default: module.AboutText })))

export function AboutSection({ settings }: { settings: SiteSettings | null }) {
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
