import type { PageCache } from '../route-module'
import '../../features/newsletter/newsletter-pages.css'

export { NewsletterUnsubscribePage as Page } from '../../features/newsletter/newsletter-pages'

/** The page carries the subscriber's own token in its form: never stored. */
export const cache: PageCache = false
