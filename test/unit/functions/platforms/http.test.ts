import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Retryable } from '../../../../functions/platforms/errors';
import { createPlatformHttp } from '../../../../functions/platforms/http';
import { multipartOf, recordingFetch } from './harness';

interface Received {
  method: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A loopback server that records what really went over the wire and answers 308 with a Range. */
function loopbackServer() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(308, { range: 'bytes=0-9' });
      response.end();
    });
  });
  return { server, received };
}

describe('platform HTTP client', () => {
  const { server, received } = loopbackServer();
  let baseUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('still sends forms and JSON as before', async () => {
    const { fetchImpl, requests } = recordingFetch([{ body: {} }, { body: { ok: true } }]);
    const http = createPlatformHttp('Test', fetchImpl);
    await http({ method: 'POST', url: 'https://api.example/form', form: { a: '1', skipped: undefined } });
    const response = await http({ method: 'POST', url: 'https://api.example/json', json: { b: 2 } });
    expect(requests[0]!.headers).toEqual({ accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' });
    expect(requests[0]!.body).toBe('a=1');
    expect(requests[1]!.headers['content-type']).toBe('application/json');
    expect(requests[1]!.body).toBe('{"b":2}');
    expect(response.body).toEqual({ ok: true });
  });

  it('lets a caller name the JSON content type (with a charset), whatever the header case', async () => {
    const { fetchImpl, requests } = recordingFetch();
    await createPlatformHttp('Test', fetchImpl)({ method: 'POST', url: 'https://api.example/', headers: { 'Content-Type': 'application/json; charset=UTF-8' }, json: {} });
    expect(requests[0]!.headers['content-type']).toBe('application/json; charset=UTF-8');
  });

  it('sends a binary body as is, with its Content-Length and the caller’s Content-Type', async () => {
    const { fetchImpl, requests } = recordingFetch();
    const chunk = new Uint8Array([1, 2, 3, 250]);
    await createPlatformHttp('Test', fetchImpl)({
      method: 'PUT',
      url: 'https://upload.example/session',
      headers: { 'content-type': 'video/mp4', 'content-range': 'bytes 0-3/4' },
      binary: chunk,
    });
    expect(requests[0]!.headers).toEqual({ accept: 'application/json', 'content-type': 'video/mp4', 'content-range': 'bytes 0-3/4', 'content-length': '4' });
    expect([...requests[0]!.bytes!]).toEqual([1, 2, 3, 250]);
  });

  it('sends a view into a larger buffer as just its own bytes', async () => {
    const { fetchImpl, requests } = recordingFetch();
    const view = new Uint8Array(new SharedArrayBuffer(8), 2, 3);
    view.set([7, 8, 9]);
    await createPlatformHttp('Test', fetchImpl)({ method: 'PUT', url: 'https://upload.example/', binary: view });
    expect(requests[0]!.headers['content-length']).toBe('3');
    expect([...requests[0]!.bytes!]).toEqual([7, 8, 9]);
  });

  it('builds multipart/form-data from fields and file parts and leaves the boundary to fetch', async () => {
    const { fetchImpl, requests } = recordingFetch();
    await createPlatformHttp('Test', fetchImpl)({
      method: 'POST',
      url: 'https://api.example/append',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      multipart: { segment_index: '3', media: { data: new Uint8Array([5, 6]), contentType: 'application/octet-stream' } },
    });
    expect(requests[0]!.headers).toEqual({ accept: 'application/json', authorization: 'Bearer t' });
    expect(await multipartOf(requests[0]!)).toEqual({
      segment_index: '3',
      media: { bytes: new Uint8Array([5, 6]), type: 'application/octet-stream', name: 'media' },
    });
  });

  it('puts binary and multipart bodies on the wire byte for byte, and returns a 308 with its Range as is', async () => {
    const http = createPlatformHttp('Test');
    const chunk = new Uint8Array(1000).map((_, index) => index % 256);
    const resumed = await http({ method: 'PUT', url: `${baseUrl}/upload`, headers: { 'content-type': 'video/mp4' }, binary: chunk });
    await http({ method: 'PUT', url: `${baseUrl}/upload`, headers: { 'content-range': 'bytes */1000' }, binary: new Uint8Array(0) });
    await http({
      method: 'POST',
      url: `${baseUrl}/append`,
      multipart: { segment_index: '0', media: { data: new Uint8Array([0x41, 0x42]), contentType: 'application/octet-stream', filename: 'blob' } },
    });

    expect(resumed.status).toBe(308);
    expect(resumed.headers.get('range')).toBe('bytes=0-9');
    expect(received[0]!.headers['content-length']).toBe('1000');
    expect(received[0]!.headers['content-type']).toBe('video/mp4');
    expect(received[0]!.body.equals(Buffer.from(chunk))).toBe(true);
    expect(received[1]!.headers['content-length']).toBe('0');
    expect(received[1]!.headers['content-range']).toBe('bytes */1000');
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(received[2]!.headers['content-type'] ?? '')?.[1];
    expect(boundary).toBeTruthy();
    const wire = received[2]!.body.toString('latin1');
    expect(wire).toContain(`--${boundary}\r\nContent-Disposition: form-data; name="segment_index"\r\n\r\n0\r\n`);
    expect(wire).toContain('Content-Disposition: form-data; name="media"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\nAB\r\n');
  });

  it('turns a network failure into Retryable and logs nothing (bodies carry tokens)', async () => {
    const logged = [vi.spyOn(console, 'log'), vi.spyOn(console, 'error'), vi.spyOn(console, 'warn'), vi.spyOn(console, 'info'), vi.spyOn(console, 'debug')];
    const http = createPlatformHttp('Test', async () => {
      throw new TypeError('fetch failed');
    });
    const error = await http({ method: 'PUT', url: 'https://upload.example/', binary: new Uint8Array([1]) }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Retryable);
    expect((error as Error).message).toBe('Could not reach Test: fetch failed');
    const multipartError = await http({ method: 'POST', url: 'https://upload.example/', multipart: { a: 'b' } }).catch((caught: unknown) => caught);
    expect(multipartError).toBeInstanceOf(Retryable);
    for (const spy of logged) {
      expect(spy).not.toHaveBeenCalled();
      spy.mockRestore();
    }
  });

  it('turns a body that breaks off mid-read into Retryable', async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.error(new Error('socket hang up'));
      },
    });
    const http = createPlatformHttp('Test', async () => new Response(broken, { status: 200 }));
    await expect(http({ method: 'GET', url: 'https://api.example/' })).rejects.toBeInstanceOf(Retryable);
  });
});
