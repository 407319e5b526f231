import { describe, expect, it } from 'vitest';
import { InvalidInput } from '../../../../functions/errors';
import { serverAddress } from '../../../../functions/services/connections';

describe('the server a user names when connecting', () => {
  it.each([
    ['social.example', 'https://social.example'],
    ['  https://Social.Example/  ', 'https://social.example'],
    ['http://social.example', 'http://social.example'],
    ['social.example:8443/', 'https://social.example:8443'],
  ])('reads %j as %s (the outbound rule then judges it)', (typed, address) => {
    expect(serverAddress(typed)).toBe(address);
  });

  it.each(['https://', 'not a server', 'https://me:pw@social.example', 'social.example/?x=1', 'social.example/#top'])('refuses %j in words', (typed) => {
    expect(() => serverAddress(typed)).toThrow(InvalidInput);
  });
});
