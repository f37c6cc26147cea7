// The stylesheets of the route pages (lazy-route.tsx), imported here so that they keep, in the site's one
// stylesheet (`cssCodeSplit: false`, ADR 130), the order they had when the pages were part of the app
// chunk. A route module that imports a stylesheet not listed here still works: Vite puts it in the same file,
// only later in it.
import '../features/events/components/events-section.css'
import '../components/ui/play-triangle.css'
import '../features/media/components/media-section.css'
import '../features/site/components/about-section.css'
import '../features/site/components/band-photo.css'
import '../features/site/components/contact-section.css'
import '../features/site/components/hero-section.css'
import '../features/site/components/social-links.css'
import '../features/news/components/news.css'
import '../components/content/youtube-facade.css'
import '../features/shows/components/shows.css'
import '../features/newsletter/newsletter-pages.css'
