/** The part of `subset-font` (no bundled types) that scripts/subset-fonts.ts uses. */
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'woff2' | 'woff' | 'truetype' | 'sfnt'; noHinting?: boolean },
  ): Promise<Buffer>
}
