/**
 * Placeholder artwork for the seed: posterised desert scenes (flat bands of sunset sky, a striped sun, mesas,
 * saguaros) with silhouettes of a jarana, a band or a drum kit, in the site's palette. Flat shapes keep the
 * JPEGs small and read as deliberate art rather than grey boxes.
 */

export const PALETTE = {
  ink: '#2b1a12',
  night: '#3a2030',
  dusk: '#5a2e3e',
  rose: '#b4473a',
  terracotta: '#9c3a22',
  ember: '#d0652f',
  marigold: '#e0a43a',
  sand: '#e9c98b',
  parchment: '#f4ead8',
  turquoise: '#1f6b66',
} as const

export type Subject = 'jarana' | 'band' | 'drums' | 'figure' | 'cactus' | 'poster' | 'logo' | 'crowd'

export type SceneOptions = {
  width: number
  height: number
  subject: Subject
  /** 0..1: moves the sun and the mesas so no two images look alike. */
  variant: number
  /** Dawn-ish (warm, light) or dusk (deep, purple) sky. */
  mood?: 'dusk' | 'day' | 'night'
}

const SKIES = {
  dusk: [PALETTE.night, PALETTE.dusk, PALETTE.rose, PALETTE.ember, PALETTE.marigold],
  day: [PALETTE.turquoise, '#3f8a80', PALETTE.sand, PALETTE.marigold, PALETTE.ember],
  night: ['#1a1020', PALETTE.night, PALETTE.dusk, '#6b3442', PALETTE.rose],
} as const

function sky(w: number, h: number, mood: keyof typeof SKIES): string {
  const bands = SKIES[mood]
  const horizon = h * 0.68
  const step = horizon / bands.length
  const under = `<rect x="0" y="0" width="${w}" height="${h}" fill="${bands[bands.length - 1]}"/>`
  return (
    under +
    bands
      .map(
        (color, i) =>
          `<rect x="0" y="${(i * step).toFixed(1)}" width="${w}" height="${(step + 1).toFixed(1)}" fill="${color}"/>`,
      )
      .join('')
  )
}

function sun(w: number, h: number, variant: number): string {
  const cx = w * (0.25 + variant * 0.5)
  const cy = h * 0.55
  const r = Math.min(w, h) * 0.2
  // Horizontal gaps cut through the lower half of the sun: the classic retro-western sunset.
  const gaps = [0.2, 0.42, 0.62, 0.8]
    .map(
      (f, i) =>
        `<rect x="${cx - r}" y="${cy + r * f - r * 0.04 * (i + 1)}" width="${2 * r}" height="${r * 0.05 * (i + 1)}" fill="${PALETTE.ember}"/>`,
    )
    .join('')
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${PALETTE.sand}"/>${gaps}`
}

function mesas(w: number, h: number, variant: number): string {
  const base = h * 0.7
  const far = `<path d="M0 ${base} L0 ${h * 0.58} L${w * 0.12} ${h * 0.58} L${w * 0.16} ${h * 0.52} L${w * (0.32 + variant * 0.1)} ${h * 0.52} L${w * (0.36 + variant * 0.1)} ${h * 0.6} L${w * 0.6} ${h * 0.6} L${w * 0.64} ${h * 0.55} L${w * 0.82} ${h * 0.55} L${w * 0.86} ${h * 0.62} L${w} ${h * 0.62} L${w} ${base} Z" fill="${PALETTE.terracotta}"/>`
  const near = `<path d="M0 ${h} L0 ${h * 0.72} Q${w * 0.3} ${h * 0.66} ${w * 0.55} ${h * 0.72} T${w} ${h * 0.7} L${w} ${h} Z" fill="${PALETTE.ink}"/>`
  return far + near
}

function saguaro(x: number, ground: number, size: number): string {
  const t = size * 0.16
  const c = PALETTE.ink
  return (
    `<rect x="${x - t / 2}" y="${ground - size}" width="${t}" height="${size}" rx="${t / 2}" fill="${c}"/>` +
    `<rect x="${x - size * 0.32}" y="${ground - size * 0.7}" width="${t * 0.8}" height="${size * 0.35}" rx="${t * 0.4}" fill="${c}"/>` +
    `<rect x="${x - size * 0.32}" y="${ground - size * 0.4}" width="${size * 0.32}" height="${t * 0.8}" fill="${c}"/>` +
    `<rect x="${x + size * 0.2}" y="${ground - size * 0.82}" width="${t * 0.8}" height="${size * 0.42}" rx="${t * 0.4}" fill="${c}"/>` +
    `<rect x="${x}" y="${ground - size * 0.48}" width="${size * 0.26}" height="${t * 0.8}" fill="${c}"/>`
  )
}

/** A jarana (small eight-string guitar of Son Jarocho): waisted body, sound hole, long neck. */
function jarana(cx: number, cy: number, size: number, angle: number): string {
  const c = PALETTE.ink
  return `<g transform="rotate(${angle} ${cx} ${cy})">
    <ellipse cx="${cx}" cy="${cy + size * 0.28}" rx="${size * 0.3}" ry="${size * 0.26}" fill="${c}"/>
    <ellipse cx="${cx}" cy="${cy - size * 0.05}" rx="${size * 0.22}" ry="${size * 0.2}" fill="${c}"/>
    <circle cx="${cx}" cy="${cy + size * 0.08}" r="${size * 0.07}" fill="${PALETTE.marigold}"/>
    <rect x="${cx - size * 0.05}" y="${cy - size * 0.95}" width="${size * 0.1}" height="${size * 0.8}" fill="${c}"/>
    <rect x="${cx - size * 0.08}" y="${cy - size * 1.12}" width="${size * 0.16}" height="${size * 0.2}" rx="${size * 0.03}" fill="${c}"/>
  </g>`
}

/** A figure in a wide-brimmed hat. */
function figure(cx: number, ground: number, height: number, fill: string = PALETTE.ink): string {
  const head = height * 0.09
  return `<g fill="${fill}">
    <path d="M${cx - height * 0.16} ${ground} L${cx - height * 0.12} ${ground - height * 0.72} Q${cx} ${ground - height * 0.8} ${cx + height * 0.12} ${ground - height * 0.72} L${cx + height * 0.16} ${ground} Z"/>
    <circle cx="${cx}" cy="${ground - height * 0.82}" r="${head}"/>
    <ellipse cx="${cx}" cy="${ground - height * 0.88}" rx="${head * 2.4}" ry="${head * 0.45}"/>
    <ellipse cx="${cx}" cy="${ground - height * 0.93}" rx="${head * 0.95}" ry="${head * 0.75}"/>
  </g>`
}

function drums(cx: number, ground: number, size: number): string {
  const c = PALETTE.ink
  return `<g fill="${c}">
    <ellipse cx="${cx}" cy="${ground - size * 0.35}" rx="${size * 0.4}" ry="${size * 0.35}"/>
    <circle cx="${cx}" cy="${ground - size * 0.35}" r="${size * 0.22}" fill="${PALETTE.marigold}"/>
    <circle cx="${cx}" cy="${ground - size * 0.35}" r="${size * 0.16}" fill="${c}"/>
    <rect x="${cx - size * 0.75}" y="${ground - size * 0.55}" width="${size * 0.3}" height="${size * 0.25}" rx="${size * 0.04}"/>
    <rect x="${cx + size * 0.45}" y="${ground - size * 0.6}" width="${size * 0.32}" height="${size * 0.3}" rx="${size * 0.04}"/>
    <rect x="${cx - size * 0.62}" y="${ground - size * 1.05}" width="${size * 0.03}" height="${size * 0.55}"/>
    <ellipse cx="${cx - size * 0.6}" cy="${ground - size * 1.05}" rx="${size * 0.22}" ry="${size * 0.04}"/>
    <rect x="${cx + size * 0.66}" y="${ground - size * 1.15}" width="${size * 0.03}" height="${size * 0.55}"/>
    <ellipse cx="${cx + size * 0.68}" cy="${ground - size * 1.15}" rx="${size * 0.25}" ry="${size * 0.04}"/>
  </g>`
}

function subjectArt(o: SceneOptions): string {
  const { width: w, height: h, variant } = o
  const ground = h * 0.86
  const unit = Math.min(w, h)
  switch (o.subject) {
    case 'cactus':
      return saguaro(w * 0.2, ground, unit * 0.5) + saguaro(w * 0.78, ground, unit * 0.36)
    case 'jarana':
      return (
        saguaro(w * 0.12, ground, unit * 0.35) + jarana(w * 0.6, h * 0.6, unit * 0.55, -18 + variant * 36)
      )
    case 'band':
      return [0.2, 0.4, 0.6, 0.8].map((f, i) => figure(w * f, ground, unit * (0.5 + (i % 2) * 0.06))).join('')
    case 'crowd':
      return (
        [0.3, 0.5, 0.7].map((f) => figure(w * f, h * 0.8, unit * 0.42)).join('') +
        Array.from(
          { length: 12 },
          (_, i) =>
            `<circle cx="${(w / 11) * i}" cy="${h * 0.97}" r="${unit * 0.08}" fill="${PALETTE.night}"/>`,
        ).join('')
      )
    case 'drums':
      return figure(w * 0.5, h * 0.78, unit * 0.42) + drums(w * 0.5, ground, unit * 0.3)
    case 'figure':
      return figure(w * 0.5, h * 1.02, unit * 0.85) + jarana(w * 0.66, h * 0.78, unit * 0.35, 24)
    case 'poster':
      return (
        `<rect x="${w * 0.08}" y="${h * 0.06}" width="${w * 0.84}" height="${h * 0.88}" fill="none" stroke="${PALETTE.parchment}" stroke-width="${unit * 0.015}"/>` +
        saguaro(w * 0.22, ground - h * 0.04, unit * 0.32) +
        jarana(w * 0.68, h * 0.6, unit * 0.4, 15)
      )
    case 'logo':
      return ''
  }
}

/** A whole scene as SVG. */
export function sceneSvg(o: SceneOptions): string {
  const { width: w, height: h } = o
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    ${sky(w, h, o.mood ?? 'dusk')}${sun(w, h, o.variant)}${mesas(w, h, o.variant)}${subjectArt(o)}
  </svg>`
}

/** The band's emblem: a sun-and-star medallion with crossed jaranas, on a transparent background. */
export function logoSvg(size: number): string {
  const c = size / 2
  const points = Array.from({ length: 16 }, (_, i) => {
    const r = i % 2 === 0 ? size * 0.48 : size * 0.38
    const a = (Math.PI * i) / 8
    return `${(c + r * Math.sin(a)).toFixed(1)},${(c - r * Math.cos(a)).toFixed(1)}`
  }).join(' ')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
    <polygon points="${points}" fill="${PALETTE.marigold}"/>
    <circle cx="${c}" cy="${c}" r="${size * 0.34}" fill="${PALETTE.ink}"/>
    <circle cx="${c}" cy="${c}" r="${size * 0.3}" fill="none" stroke="${PALETTE.parchment}" stroke-width="${size * 0.012}"/>
    ${jarana(c - size * 0.1, c + size * 0.06, size * 0.3, 28).replaceAll(PALETTE.ink, PALETTE.parchment)}
    ${jarana(c + size * 0.1, c + size * 0.06, size * 0.3, -28).replaceAll(PALETTE.ink, PALETTE.parchment)}
    <polygon points="${c},${c - size * 0.26} ${c + size * 0.035},${c - size * 0.19} ${c - size * 0.035},${c - size * 0.19}" fill="${PALETTE.marigold}"/>
  </svg>`
}
