/** multipart/form-data bodies (media uploads that take a form). */

export interface FormPart {
  value: Buffer;
  filename?: string;
  contentType?: string;
}

/** The parts by field name; undefined when the body is not well-formed multipart/form-data. */
export function parseMultipart(contentType: string | undefined, body: Buffer): Map<string, FormPart> | undefined {
  const match = /^multipart\/form-data\s*;.*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  if (!match) return undefined;
  const delimiter = Buffer.from(`--${match[1] ?? match[2]}`);
  const parts = new Map<string, FormPart>();
  let position = body.indexOf(delimiter);
  if (position < 0) return undefined;
  for (;;) {
    position += delimiter.length;
    if (body.subarray(position, position + 2).toString('latin1') === '--') return parts;
    if (body.subarray(position, position + 2).toString('latin1') !== '\r\n') return undefined;
    const headerEnd = body.indexOf('\r\n\r\n', position);
    if (headerEnd < 0) return undefined;
    const headers = body.subarray(position + 2, headerEnd).toString('utf8').split('\r\n');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
    if (next < 0) return undefined;
    const value = body.subarray(headerEnd + 4, next);
    let name: string | undefined;
    const part: FormPart = { value };
    for (const header of headers) {
      const [key = '', ...rest] = header.split(':');
      const text = rest.join(':').trim();
      if (key.trim().toLowerCase() === 'content-disposition') {
        name = /\bname="([^"]*)"/i.exec(text)?.[1];
        const filename = /\bfilename="([^"]*)"/i.exec(text)?.[1];
        if (filename !== undefined) part.filename = filename;
      } else if (key.trim().toLowerCase() === 'content-type') {
        part.contentType = text;
      }
    }
    if (name === undefined) return undefined;
    parts.set(name, part);
    position = next + 2;
  }
}
