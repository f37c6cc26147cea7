import type { PageCache } from '../route-module'
import '../../features/newsletter/newsletter-pages.css'

export { NewsletterUnsubscribedPage as Page } from '../../features/newsletter/newsletter-pages'

export const cache: PageCache = { params: ['status'] }
