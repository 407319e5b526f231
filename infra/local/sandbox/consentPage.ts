import { escapeHtml } from './http';

/**
 * The sandbox's consent and error pages: plain HTML, labelled fields, no external resources.
 * The consent form posts to the platform's consent path with the original authorize query in a
 * hidden field, so the decision goes through the same validation as the control API's.
 */

const styles = `
  body { font-family: system-ui, sans-serif; background: #f4f4f5; color: #18181b; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: .75rem; padding: 1.5rem 2rem; box-shadow: 0 1px 3px rgb(0 0 0 / .15); }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; }
  h2 { font-size: 1rem; margin: 1.25rem 0 .5rem; }
  code { background: #f4f4f5; padding: .1rem .3rem; border-radius: .25rem; word-break: break-all; }
  label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
  input[type=text] { width: 100%; box-sizing: border-box; padding: .5rem; font: inherit; border: 1px solid #a1a1aa; border-radius: .375rem; }
  .hint { color: #52525b; font-size: .875rem; margin: .25rem 0 0; }
  .buttons { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { flex: 1; padding: .6rem; font: inherit; font-weight: 600; border-radius: .375rem; border: 1px solid #18181b; cursor: pointer; }
  .allow { background: #18181b; color: #fff; }
  .deny { background: #fff; color: #18181b; }
  [role=alert] { background: #fef2f2; color: #991b1b; border: 1px solid #fecaca; padding: .5rem .75rem; border-radius: .375rem; }
`;

function page(title: string, content: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${styles}</style>`,
    '</head>',
    `<body><main>${content}</main></body>`,
    '</html>',
  ].join('\n');
}

export interface ConsentPageInput {
  platformName: string;
  clientId: string;
  scopes: string[];
  /** Accounts already seen on this platform (offered in a datalist). */
  knownAccounts: string[];
  /** Where the form posts. */
  action: string;
  /** The authorize request's query string, carried unchanged. */
  authorizeQuery: string;
  account?: string;
  displayName?: string;
  /** Shown above the form when a decision was refused (e.g. a malformed account name). */
  problem?: string;
}

export function consentPage(input: ConsentPageInput): string {
  const heading = `${input.platformName} (sandbox)`;
  const options = input.knownAccounts.map((name) => `<option value="${escapeHtml(name)}"></option>`).join('');
  const scopes = input.scopes.map((scope) => `<li><code>${escapeHtml(scope)}</code></li>`).join('');
  return page(
    `Sign in – ${heading}`,
    [
      `<h1>${escapeHtml(heading)}</h1>`,
      input.problem ? `<p role="alert">${escapeHtml(input.problem)}</p>` : '',
      `<p>The app <code>${escapeHtml(input.clientId)}</code> asks for access to your ${escapeHtml(input.platformName)} account.</p>`,
      '<h2 id="scopes-heading">Requested scopes</h2>',
      `<ul aria-labelledby="scopes-heading">${scopes}</ul>`,
      `<form method="post" action="${escapeHtml(input.action)}">`,
      `<input type="hidden" name="authorize_query" value="${escapeHtml(input.authorizeQuery)}">`,
      '<label for="account">Sandbox account</label>',
      `<input type="text" id="account" name="account" list="known-accounts" value="${escapeHtml(input.account ?? 'sandbox-user')}" autocomplete="off" aria-describedby="account-hint">`,
      `<datalist id="known-accounts">${options}</datalist>`,
      '<p class="hint" id="account-hint">Letters, digits, ".", "_" or "-". A new name creates a new account.</p>',
      '<label for="displayName">Display name</label>',
      `<input type="text" id="displayName" name="displayName" value="${escapeHtml(input.displayName ?? '')}" aria-describedby="display-name-hint">`,
      '<p class="hint" id="display-name-hint">Optional.</p>',
      '<div class="buttons">',
      '<button type="submit" class="allow" name="decision" value="allow">Allow</button>',
      '<button type="submit" class="deny" name="decision" value="deny">Deny</button>',
      '</div>',
      '</form>',
    ].join('\n'),
  );
}

export function errorPage(platformName: string, error: string, description: string): string {
  return page(
    `Error – ${platformName} (sandbox)`,
    [
      `<h1>${escapeHtml(platformName)} (sandbox)</h1>`,
      `<p role="alert"><strong>${escapeHtml(error)}</strong>: ${escapeHtml(description)}</p>`,
      '<p>The app sent an authorization request the platform would refuse.</p>',
    ].join('\n'),
  );
}
