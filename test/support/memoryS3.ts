import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';

/**
 * Just enough of S3 for the upload check, in memory: objects by key, HEAD, ranged GET (with
 * Content-Range, as S3 answers a valid range), DELETE; completing a multipart upload keeps
 * what the test put at the key. Every range asked for is recorded, and an empty or inverted
 * one fails the test (S3 would ignore it and send the whole object).
 */
export function memoryS3() {
  const objects = new Map<string, Uint8Array>();
  const ranges: Array<[number, number]> = [];
  const sent: string[] = [];
  const notFound = () => Object.assign(new Error('NotFound'), { name: 'NotFound', $metadata: { httpStatusCode: 404 } });
  const send = async (command: unknown): Promise<unknown> => {
    sent.push((command as object).constructor.name);
    const input = (command as { input: { Key: string; Range?: string } }).input;
    if (command instanceof CompleteMultipartUploadCommand || command instanceof AbortMultipartUploadCommand) return {};
    if (command instanceof DeleteObjectCommand) {
      objects.delete(input.Key);
      return {};
    }
    const object = objects.get(input.Key);
    if (!object) throw notFound();
    if (command instanceof HeadObjectCommand) return { ContentLength: object.byteLength };
    if (command instanceof GetObjectCommand) {
      const match = /^bytes=(\d+)-(\d+)$/.exec(input.Range ?? '');
      if (!match) throw new Error(`GetObject without a valid range: ${input.Range}`);
      const start = Number(match[1]);
      const end = Number(match[2]);
      ranges.push([start, end]);
      if (end < start) throw new Error(`Inverted range ${input.Range}: S3 would answer the whole object`);
      if (start >= object.byteLength) throw Object.assign(new Error('InvalidRange'), { $metadata: { httpStatusCode: 416 } });
      const bytes = object.subarray(start, Math.min(end + 1, object.byteLength));
      return { Body: { transformToByteArray: async () => bytes }, ContentRange: `bytes ${start}-${start + bytes.byteLength - 1}/${object.byteLength}` };
    }
    throw new Error(`memoryS3 does not do ${(command as object).constructor.name}`);
  };
  return { s3: { send } as unknown as S3Client, objects, ranges, sent };
}
