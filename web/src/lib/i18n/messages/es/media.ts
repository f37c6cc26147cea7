import type { MediaMessages } from '../en/media'

/** The gallery's kinds of item as a Spanish caption names them. */
const KIND: Record<string, string> = { image: 'foto', video: 'video', youtube: 'video' }

/** The media gallery, its overlay and captions (home page, news posts). In Spanish for fans in Mexico and the US Southwest (ADR 193). */
export const messages: MediaMessages = {
  media: {
    title: 'Galería',
    playVideo: (label) => `Reproducir video: ${label}`,
    viewPhoto: (label) => `Ver foto: ${label}`,
    imageUnavailable: 'Imagen no disponible',
    fallbackCaption: (bandName, kind, n, total) =>
      `${bandName}, ${KIND[kind ?? ''] ?? 'archivo'} ${n} de ${total}`,
    credit: { photo: 'Foto', video: 'Video' },
    counter: (n, total) => `${n} / ${total}`,
    share: 'Compartir',
    closeGallery: 'Cerrar galería',
    previous: 'Anterior',
    next: 'Siguiente',
    linkCopied: 'Enlace copiado',
    linkOnClipboard: 'El enlace ya está en tu portapapeles.',
    shareFailedStatus: 'No se pudo compartir',
    shareFailed: 'No se pudo compartir',
    copyAddressInstead: 'Copia la dirección desde la barra del navegador.',
    loadingVideo: 'Cargando video...',
    videoUnavailable: 'El video no está disponible por ahora',
    retry: 'Reintentar',
    noVideoSupport: 'Tu navegador no puede reproducir este video.',
  },
}
