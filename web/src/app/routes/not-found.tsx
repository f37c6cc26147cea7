import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useMessages } from '../../lib/i18n/messages'
import { PageSeo } from '../page-seo'
import type { Translations } from '../route-module'

/**
 * Unknown routes: the server answers with HTTP 404 (`status`). Routes that find no content (an unknown news
 * post) render it too, with their own `hint`. Nothing here
 * depends on the address: the server answers every unknown address with one page rendered once (ADR 090).
 */
export function NotFoundPage({ hint }: { hint?: ReactNode }) {
  const { notFound, common } = useMessages()
  return (
    <main id="main" className="page not-found">
      <PageSeo title={notFound.title} description={notFound.description} noindex />
      <h1>{notFound.title}</h1>
      <p className="not-found__hint">{hint ?? notFound.hint}</p>
      <p>
        <Link to="/">{common.backHome}</Link>
      </p>
    </main>
  )
}

export const Page = () => <NotFoundPage />
export const status = 404

/**
 * One page shared by every unknown address (rendered from `/404`): it has no translation of its own, so the
 * language switch leads to the other language's home page (ADR 194).
 */
export const useTranslations = (): Translations => ({ en: null, es: null })
