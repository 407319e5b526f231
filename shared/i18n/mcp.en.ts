/** The consent page an MCP client's sign-in opens (/connect-assistant; docs/mcp.md). */
export const mcpEn = {
  title: 'Connect an assistant',
  asks: '“{{client}}” asks to use OneClick as you.',
  returnsTo: 'After your answer you go back to {{origin}}.',
  signInFirst: 'Sign in to choose what the assistant may do.',
  signIn: 'Sign in',
  workspace: 'Workspace',
  workspaceHint: 'The assistant works only in this workspace, with your role in it.',
  scopes: 'What the assistant may do',
  noScope: 'Choose at least one.',
  allow: 'Allow',
  deny: 'Deny',
  sending: 'Sending you back…',
  revokeHint: 'You can remove the connection at any time in Settings › API keys.',
  badRequest: 'This link cannot be used: {{reason}} Start connecting again from the assistant.',
};
