// Minimal types for the part of jsdom the page cache tests use (the package ships none; jsdom is the web
// project's test environment).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string)
    window: { document: Document }
  }
}
