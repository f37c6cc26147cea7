/** The media feature's public module: what other features may use (ADR 074). */
export { youtubeEmbedUrl, youtubeThumbnailUrl } from './utils/gallery-rules'
