import { describe, expect, it } from 'vitest';
import { mentionedEmails } from '../../../shared/api/approvals';
import { postDecision } from '../../../shared/api/authorization';
import { approvalRules, workspaceRoles } from '../../../shared/api/workspaces';

describe('approvals: who submits, and whom a comment names', () => {
  it('decides every role under every rule: publish, submit for approval, or refuse', () => {
    const decisions = Object.fromEntries(approvalRules.map((rule) => [rule, Object.fromEntries(workspaceRoles.map((role) => [role, postDecision(rule, role)]))]));
    expect(decisions).toEqual({
      off: { owner: 'publish', admin: 'publish', editor: 'publish', contributor: 'refuse', viewer: 'refuse' },
      contributors: { owner: 'publish', admin: 'publish', editor: 'publish', contributor: 'submit', viewer: 'submit' },
      everyone: { owner: 'submit', admin: 'submit', editor: 'submit', contributor: 'submit', viewer: 'submit' },
    });
  });

  it('finds @e-mail mentions, lower-cased, each once, without a sentence\'s full stop or an address that is not a mention', () => {
    expect(mentionedEmails('Hi @Ana@Example.com and @bo.b+x@mail.co.uk. Again @ana@example.com')).toEqual(['ana@example.com', 'bo.b+x@mail.co.uk']);
    expect(mentionedEmails('Write to ana@example.com or @ana alone')).toEqual([]);
    expect(mentionedEmails('')).toEqual([]);
  });
});
