import type { ModuleId } from '../../../shared/api/modules';

/** What each demo module offers: what it "generates" into My Content, if anything. */
export const demoModules: Record<string, { id: ModuleId; title: string; generates?: 'video' | 'podcast'; action?: string }> = {
  influencer: { id: 'influencer', title: 'One Click Influencer', generates: 'video', action: 'Generate an avatar video' },
  autotoon: { id: 'autotoon', title: 'AutoToon', generates: 'video', action: 'Generate a cartoon' },
  podcast: { id: 'podcast', title: 'Podcast', generates: 'podcast', action: 'Generate a podcast' },
  'image-generator': { id: 'imageGenerator', title: 'AI Image' },
};

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The demo module's page: a stand-in for the real sibling app, in English only (it is a test tool, like the sandbox). */
export function demoPage(path: string, siteOrigin: string): string {
  const module = demoModules[path]!;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(module.title)} (demo module)</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; padding: 24px; }
  main { max-width: 560px; }
  button { font: inherit; padding: 8px 16px; border-radius: 8px; border: 1px solid #4f46e5; background: #4f46e5; color: #fff; cursor: pointer; }
  button[disabled] { opacity: .6; cursor: default; }
  .error { color: #b91c1c; }
  @media (prefers-color-scheme: dark) { .error { color: #fca5a5; } }
</style>
</head>
<body data-module="${escape(module.id)}" data-site-origin="${escape(siteOrigin)}" data-generates="${module.generates ?? ''}">
<main>
  <h1>${escape(module.title)} <small>(demo module)</small></h1>
  <p id="status" role="status">Signing in…</p>
  <p id="error" class="error" role="alert"></p>
  ${
    module.generates
      ? `<p><button id="generate" type="button" hidden>${escape(module.action!)}</button></p>`
      : '<p id="note" hidden>This demo generates no files: AI images are not kept in My Content.</p>'
  }
</main>
<script src="/demo.js"></script>
</body>
</html>`;
}

/** The page's script: plain JavaScript (no build step), served at /demo.js. */
export const demoScript = `
(() => {
  const body = document.body;
  const module = body.dataset.module;
  const siteOrigin = body.dataset.siteOrigin;
  const generates = body.dataset.generates;
  const status = document.getElementById('status');
  const error = document.getElementById('error');
  const button = document.getElementById('generate');
  const note = document.getElementById('note');
  let session;

  async function post(path, payload) {
    const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(answer.message || 'The request failed (' + response.status + ').');
    return answer;
  }

  async function signIn() {
    const token = new URLSearchParams(location.search).get('token');
    if (!token) {
      status.textContent = 'Not signed in.';
      error.textContent = 'No sign-in token was given: open this module from the OneClick dashboard.';
      return;
    }
    // The token works once: drop it from the address so a reload cannot try it again.
    history.replaceState(null, '', location.pathname);
    try {
      const signedIn = await post('/session', { token, module });
      session = signedIn.session;
      status.textContent = 'Signed in as ' + signedIn.email + '.';
      if (button) button.hidden = false;
      if (note) note.hidden = false;
    } catch (problem) {
      status.textContent = 'Not signed in.';
      error.textContent = problem.message;
    }
  }

  if (button) {
    button.addEventListener('click', async () => {
      button.disabled = true;
      error.textContent = '';
      status.textContent = generates === 'video' ? 'Generating your video…' : 'Generating your podcast…';
      try {
        const item = await post('/generate', { session, type: generates });
        status.textContent = 'Saved to My Content: ' + item.fileName + '.';
        if (module === 'autotoon') window.parent.postMessage({ type: 'ANIMATION_COMPLETE', contentId: item.contentId }, siteOrigin);
      } catch (problem) {
        status.textContent = 'Nothing was saved.';
        error.textContent = problem.message;
      } finally {
        button.disabled = false;
      }
    });
  }

  signIn();
})();
`;
