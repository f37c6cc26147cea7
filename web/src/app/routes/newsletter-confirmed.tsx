import type { PageCache } from '../route-module'
import '../../features/newsletter/newsletter-pages.css'

// Pages reached from a newsletter mail only, each in its route's chunk: their code stays out of what every
// page loads first.
export { NewsletterConfirmedPage as Page } from '../../features/newsletter/newsletter-pages'

export const cache: PageCache = { params: ['status'] }
