/**
 * What every presigned read link of a stored file makes S3 answer with, whatever type the object
 * was stored with: the file's own type (`response-content-type`), and `attachment` for a download
 * or for a type a browser should not show in place. A file that was stored as text/html (a module
 * may PUT with any Content-Type: S3's presigner does not sign it) is then never rendered as a page
 * on the bucket's host.
 */
export interface ReadLinkResponse {
  ResponseContentType: string;
  ResponseContentDisposition?: string;
}

/** Images, audio and video browsers show in place without running anything (no SVG, no HTML). */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'video/mp4', 'video/quicktime', 'video/webm', 'audio/mpeg', 'audio/mp4']);

/** `attachment` with the file's name (plain ASCII, and RFC 5987 for the rest). */
function attachment(fileName: string | undefined): string {
  if (!fileName) return 'attachment';
  return `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The response overrides of a read link to a file of `contentType`; `download` names the file saved. */
export function readLinkResponse(contentType: string, download?: { fileName?: string }): ReadLinkResponse {
  const inline = !download && INLINE_TYPES.has(contentType);
  return { ResponseContentType: contentType, ...(inline ? {} : { ResponseContentDisposition: attachment(download?.fileName) }) };
}
