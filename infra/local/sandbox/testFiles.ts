import { json, type SandboxResponse } from './http';

/**
 * Test files for uploads from a URL (issue 30): what a script hands the public API as an address.
 * The functions reach them because the twin names the sandbox's origin in
 * ONECLICK_OUTBOUND_ALLOWED_ORIGINS (the outbound rule's one exception, as for the test feeds and webhook receivers).
 *
 *   GET /_files/photo.png        a real 1×1 PNG image
 *   GET /_files/page.png         an HTML page under an image's name (a wrong type)
 *   GET /_files/moved.png        a redirect to a loopback address (never followed)
 */
const photo = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1d5a70000000049454e44ae426082',
  'hex',
);

export function testFile(method: string, name: string): SandboxResponse {
  if (method !== 'GET') return json(405, { error: 'method_not_allowed' });
  if (name === 'photo.png') return { status: 200, headers: { 'content-type': 'image/png', 'content-length': String(photo.length) }, body: photo };
  if (name === 'page.png') return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<!doctype html><title>Not an image</title>' };
  if (name === 'moved.png') return { status: 302, headers: { location: 'http://127.0.0.1:9/photo.png' } };
  return json(404, { error: 'not_found' });
}
