const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

export type LoginPageModel = {
  action: string
  origin: string
  csrfToken: string
  /** The site settings' name for the band. */
  bandName: string
  email?: string
  error?: string
}

/**
 * The sign-in form the Studio's sign-in button opens. Plain HTML with no script so it
 * works under the strict CSP, with labelled fields and an announced error message.
 */
export function renderLoginPage(model: LoginPageModel): string {
  const error = model.error
    ? `<p id="login-error" class="error" role="alert">${escapeHtml(model.error)}</p>`
    : ''
  const describedBy = model.error ? ' aria-describedby="login-error" aria-invalid="true"' : ''
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sign in · ${escapeHtml(model.bandName)} Studio</title>
<style>
  body { font-family: system-ui, sans-serif; background: #1d1a16; color: #f4ead8; display: grid; place-items: center; min-height: 100vh; margin: 0; }
  main { background: #2a251f; padding: 2rem; border-radius: 8px; width: min(22rem, 90vw); }
  h1 { font-size: 1.4rem; margin: 0 0 1.25rem; }
  label { display: block; margin: 0.75rem 0 0.25rem; }
  input { width: 100%; box-sizing: border-box; padding: 0.6rem; font: inherit; border-radius: 4px; border: 1px solid #8a7b66; }
  button { margin-top: 1.25rem; width: 100%; padding: 0.7rem; font: inherit; font-weight: 600; background: #c8553d; color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
  .error { background: #5a1f14; padding: 0.6rem; border-radius: 4px; }
</style>
</head>
<body>
<main>
<h1>Sign in to the Studio</h1>
${error}
<form method="post" action="${escapeHtml(model.action)}">
  <input type="hidden" name="csrf" value="${escapeHtml(model.csrfToken)}">
  <input type="hidden" name="origin" value="${escapeHtml(model.origin)}">
  <label for="email">E-mail</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(model.email ?? '')}"${describedBy}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}>
  <button type="submit">Sign in</button>
</form>
</main>
</body>
</html>`
}
