import { describe, expect, it } from 'vitest';
import { fileDownload } from '../../../../functions/composition/uploads';
import { InvalidInput } from '../../../../functions/errors';

/** Every host name resolves to a public address unless the table says otherwise. */
const resolve = async (hostname: string) => (hostname === 'internal.example.com' ? ['10.0.0.7'] : ['93.184.215.14']);
const answer = (response: () => Response) => async () => response();

describe('taking a file from an address', () => {
  it('answers the body and its content type', async () => {
    const download = fileDownload({ resolve }, answer(() => new Response(Buffer.from('abc'), { headers: { 'content-type': 'image/png' } })));

    const file = await download('https://cdn.example.com/a.png', 10);

    expect(file.contentType).toBe('image/png');
    expect(file.body.toString()).toBe('abc');
  });

  it.each([
    ['not https', 'http://cdn.example.com/a.png', /is not an https address/],
    ['a private address after resolution', 'https://internal.example.com/a.png', /resolves to an address that is not public/],
    ['an IP literal', 'https://127.0.0.1/a.png', /is an IP address/],
  ])('refuses %s, in words', async (_case, url, words) => {
    const download = fileDownload({ resolve }, answer(() => new Response('never')));

    const refused = await download(url, 10).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(InvalidInput);
    expect((refused as Error).message).toMatch(words);
  });

  it('refuses a redirect (never following it), a file too big and a status other than 200', async () => {
    const redirect = fileDownload({ resolve }, answer(() => new Response(null, { status: 302, headers: { location: 'http://127.0.0.1/' } })));
    const tooBig = fileDownload({ resolve }, answer(() => new Response(Buffer.alloc(11))));
    const missing = fileDownload({ resolve }, answer(() => new Response('gone', { status: 404 })));

    await expect(redirect('https://cdn.example.com/a.png', 10)).rejects.toThrow(/answered with a redirect, which is not followed/);
    await expect(tooBig('https://cdn.example.com/a.png', 10)).rejects.toThrow(/more than 10 bytes/);
    await expect(missing('https://cdn.example.com/a.png', 10)).rejects.toThrow('The address answered HTTP 404 instead of the file.');
  });

  it('refuses an address too slow to send the file, saying how long it waited', async () => {
    const slow = fileDownload({ resolve, timeoutMs: 20 }, (_url, init) => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))));

    await expect(slow('https://cdn.example.com/a.png', 10)).rejects.toThrow('The address did not send the whole file within 1 second: upload the file instead.');
  });
});
