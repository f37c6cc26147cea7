/**
 * What both image-parameter parsers (image-params.ts and image-params-extra.ts) share: the largest side an
 * image may be asked for, and the error a bad value raises, which the serve router answers with 400.
 */
export const MAX_DIMENSION = 8192

export class ImageParamError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ImageParamError'
  }
}
