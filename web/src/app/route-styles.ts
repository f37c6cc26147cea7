// The stylesheets of the route pages (lazy-route.tsx), imported here so that they stay in the app chunk's
// stylesheet, in the order they had when the pages were part of that chunk: the server links one
// render-blocking stylesheet, not one per route chunk (ADR 130). A route module that imports a stylesheet
// not listed here still works: the server also links the route chunks' own stylesheets (server/ssr/renderer.ts).
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
