/**
 * What a video's thumbnail shows when the server cannot get YouTube's: a dusk sky over a horizon in the site's
 * colours, 4:3 like YouTube's `hqdefault`, so the facade keeps its size and its play badge still reads. A
 * constant the server wrote itself (no markup from outside), served as SVG.
 */
export const THUMBNAIL_PLACEHOLDER_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 360" width="480" height="360">',
  '<rect width="480" height="360" fill="#1f1418"/>',
  '<rect y="90" width="480" height="60" fill="#3a2030"/>',
  '<rect y="150" width="480" height="50" fill="#9c3a22"/>',
  '<rect y="200" width="480" height="40" fill="#e07a5f"/>',
  '<circle cx="330" cy="250" r="54" fill="#e0a43a"/>',
  '<path d="M0 262 C120 236 220 280 330 258 S440 240 480 250 V360 H0 Z" fill="#2b1a12"/>',
  '</svg>',
].join('')
