import { describe, expect, it } from 'vitest';
import { sendDirectly } from '../../../../functions/platforms/createOnce';
import { AuthExpired, RateLimited, Rejected, Retryable } from '../../../../functions/platforms/errors';
import { createLinkedinPublisher, escapeLittleText } from '../../../../functions/platforms/linkedin/publisher';
import { memoryAttachments } from '../../../../functions/platforms/progressAttachments';
import type { PublishProgress } from '../../../../functions/platforms/publisher';
import { armedTarget, clock, jsonOf, memoryMedia, patternBytes, publisherWith, publishRequest, type RecordedRequest, queryOf } from './harness';

const videoUrn = 'urn:li:video:C5F10AQGKQg_6y2a4sQ';
const partUrl = (part: number) => `https://www.linkedin.com/dms-uploads/sp/v2/${part}?ca=vector_ads&cn=uploads&sync=0`;
const instructions = [
  { uploadUrl: partUrl(1), firstByte: 0, lastByte: 4_194_303 },
  { uploadUrl: partUrl(2), firstByte: 4_194_304, lastByte: 8_388_607 },
  { uploadUrl: partUrl(3), firstByte: 8_388_608, lastByte: 9_000_000 },
];
const videoSize = 9_000_001;
const initialized = { body: { value: { video: videoUrn, uploadToken: 'token-1', uploadUrlsExpireAt: 1795000000000, uploadInstructions: instructions } } };
const etag = (value: string) => ({ status: 200, headers: { etag: value } });
const restHeaders = { authorization: 'Bearer access-1', 'linkedin-version': '202609', 'x-restli-protocol-version': '2.0.0' };
const partsRef = 'memory/linkedin-video-parts.json';
const etagsRef = 'memory/linkedin-video-etags.json';
const uploaded = { videoUrn, uploadToken: 'token-1', partCount: 3, partsRef, etagsRef, finalized: true };
const parts = { urls: instructions.map((instruction) => instruction.uploadUrl), ranges: ['0-4194303', '4194304-8388607', '8388608-9000000'] };

/** Attachments as an earlier attempt left them: the part list and the ETags confirmed so far. */
async function savedParts(etags: string[], saved = { ...parts }) {
  const attachments = memoryAttachments();
  await attachments.save('linkedin-video-parts', saved);
  await attachments.save('linkedin-video-etags', etags);
  return attachments;
}
const postCreated = (urn = 'urn:li:share:7001') => ({ status: 201, headers: { 'x-restli-id': urn } });
const restCalls = (requests: RecordedRequest[]) => requests.filter((request) => request.url.pathname.startsWith('/rest/'));

describe('LinkedIn "little text" escaping', () => {
  it('backslash-escapes the reserved characters but keeps organization mention markup', () => {
    expect(escapeLittleText('a\\b <c> #tag ~_| [x] *y* (z) {w} @me')).toBe('a\\\\b \\<c\\> \\#tag \\~\\_\\| \\[x\\] \\*y\\* \\(z\\) \\{w\\} \\@me');
    expect(escapeLittleText('Thanks @[Acme Corp](urn:li:organization:2414183) (really)!')).toBe('Thanks @[Acme Corp](urn:li:organization:2414183) \\(really\\)!');
    expect(escapeLittleText('plain text, nothing to do.')).toBe('plain text, nothing to do.');
  });
});

describe('LinkedIn publisher (Videos/Images API, Posts API)', () => {
  it('initializes a video upload, PUTs each instruction’s bytes to its own URL, and finalizes with the ETags in order', async () => {
    const video = memoryMedia({ size: videoSize });
    const { publisher, requests } = publisherWith('linkedin', createLinkedinPublisher, [initialized, etag('"e1"'), etag('"e2"'), etag('"e3"'), { status: 200 }]);
    const attachments = memoryAttachments();
    const result = await publisher.start(publishRequest({ media: [video], attachments }));

    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.toString()).toBe('https://api.linkedin.com/rest/videos?action=initializeUpload');
    expect(requests[0]!.headers).toMatchObject({ ...restHeaders, 'content-type': 'application/json' });
    expect(jsonOf(requests[0]!)).toEqual({ initializeUploadRequest: { owner: 'urn:li:person:user-1', fileSizeBytes: videoSize, uploadCaptions: false, uploadThumbnail: false } });

    const puts = requests.slice(1, 4);
    expect(puts.map((request) => [request.method, request.url.toString(), request.headers['content-type'], request.headers['content-length']])).toEqual([
      ['PUT', partUrl(1), 'application/octet-stream', '4194304'],
      ['PUT', partUrl(2), 'application/octet-stream', '4194304'],
      ['PUT', partUrl(3), 'application/octet-stream', '611393'],
    ]);
    expect(video.reads).toEqual([
      [0, 4_194_303],
      [4_194_304, 8_388_607],
      [8_388_608, 9_000_000],
    ]);
    expect(Buffer.from(puts[2]!.bytes!).equals(Buffer.from(patternBytes(8_388_608, 9_000_000)))).toBe(true);

    expect(requests[4]!.url.toString()).toBe('https://api.linkedin.com/rest/videos?action=finalizeUpload');
    expect(requests[4]!.headers).toMatchObject(restHeaders);
    expect(jsonOf(requests[4]!)).toEqual({ finalizeUploadRequest: { video: videoUrn, uploadToken: 'token-1', uploadedPartIds: ['"e1"', '"e2"', '"e3"'] } });
    expect(result).toEqual({ state: 'processing', waitSeconds: 10, progress: { ...uploaded, uploadUrlsExpireAt: 1795000000000 } });
    // The part list and the ETags are kept beside the post item, not in its progress.
    expect(await attachments.load(partsRef)).toEqual(parts);
    expect(await attachments.load(etagsRef)).toEqual(['"e1"', '"e2"', '"e3"']);
  });

  it('resumes at the first part without an ETag and finalizes with every ETag in order', async () => {
    const video = memoryMedia({ size: videoSize });
    const { publisher, requests } = publisherWith('linkedin', createLinkedinPublisher, [etag('"e3"'), { status: 200 }]);
    await publisher.start(publishRequest({ media: [video], progress: { ...uploaded, finalized: false }, attachments: await savedParts(['"e1"', '"e2"']) }));
    expect(requests.map((request) => request.url.toString())).toEqual([partUrl(3), 'https://api.linkedin.com/rest/videos?action=finalizeUpload']);
    expect(jsonOf(requests[1]!)).toMatchObject({ finalizeUploadRequest: { uploadedPartIds: ['"e1"', '"e2"', '"e3"'] } });
    expect(video.reads).toEqual([[8_388_608, 9_000_000]]);

    const done = publisherWith('linkedin', createLinkedinPublisher);
    await done.publisher.start(publishRequest({ media: [video], progress: uploaded }));
    expect(done.requests).toHaveLength(0);
  });

  it('keeps a 4 GiB video’s 1,024 part URLs and ETags out of the post item, and resumes from them', async () => {
    // LinkedIn's presigned part URLs are long; ETags may be too (their format is not documented).
    const count = 1024;
    const partSize = 100;
    const size = count * partSize;
    const longUrl = (part: number) => `https://www.linkedin.com/dms-uploads/sp/v2/D4E10AQ${'x'.repeat(400)}/uploadedVideo/${part}?ca=vector_ads&cn=uploads&sync=0&v=beta&ut=${'y'.repeat(200)}`;
    const many = Array.from({ length: count }, (_, part) => ({ uploadUrl: longUrl(part), firstByte: part * partSize, lastByte: part * partSize + partSize - 1 }));
    const longEtag = (part: number) => `"/ambry-video/signedId/${'z'.repeat(120)}${part}"`;
    const stopAt = 600;
    const first = publisherWith('linkedin', createLinkedinPublisher, [
      { body: { value: { video: videoUrn, uploadToken: 'token-1', uploadInstructions: many } } },
      ...Array.from({ length: stopAt }, (_, part) => etag(longEtag(part))),
      { status: 500, body: { message: 'Internal error' } },
    ]);
    const attachments = memoryAttachments();
    let item: PublishProgress = {};
    const video = memoryMedia({ size });
    const interrupted = await first.publisher
      .start(publishRequest({ media: [video], attachments, saveProgress: async (progress) => void (item = progress) }))
      .catch((error: unknown) => error);
    expect(interrupted).toBeInstanceOf(Error);

    // What the post item holds for the target: references, not the parts.
    const target = { targetId: 'linkedin#user-1', platform: 'linkedin', status: 'uploading', progress: item, statusChecks: 0, rateLimitWaits: 0 };
    expect(Buffer.byteLength(JSON.stringify(target))).toBeLessThan(2_000);
    expect(Buffer.byteLength(JSON.stringify(await attachments.load(partsRef)))).toBeGreaterThan(400_000);
    expect(await attachments.load(etagsRef)).toHaveLength(stopAt);

    // The next attempt resumes at the first part without an ETag and finalizes with all 1,024 in order.
    const rest = publisherWith('linkedin', createLinkedinPublisher, [...Array.from({ length: count - stopAt }, (_, part) => etag(longEtag(stopAt + part))), { status: 200 }]);
    const done = await rest.publisher.start(publishRequest({ media: [video], attachments, progress: item }));
    expect(rest.requests[0]!.url.toString()).toBe(longUrl(stopAt));
    expect(rest.requests).toHaveLength(count - stopAt + 1);
    expect(jsonOf(rest.requests.at(-1)!)).toMatchObject({ finalizeUploadRequest: { uploadedPartIds: Array.from({ length: count }, (_, part) => longEtag(part)) } });
    expect(done).toMatchObject({ state: 'processing', progress: { finalized: true, partCount: count } });
    expect(Buffer.byteLength(JSON.stringify({ ...target, progress: done.progress }))).toBeLessThan(2_000);
  });

  it('starts the upload over when the part URLs expired before it could resume', async () => {
    const video = memoryMedia({ size: videoSize });
    const { publisher, requests } = publisherWith('linkedin', createLinkedinPublisher, [initialized, etag('"n1"'), etag('"n2"'), etag('"n3"'), { status: 200 }]);
    const attachments = await savedParts(['"e1"']);
    const expiredAt = clock.now().getTime() - 1;
    const result = await publisher.start(publishRequest({ media: [video], attachments, progress: { ...uploaded, finalized: false, uploadUrlsExpireAt: expiredAt } }));
    expect(requests[0]!.url.toString()).toBe('https://api.linkedin.com/rest/videos?action=initializeUpload');
    expect(jsonOf(requests[4]!)).toMatchObject({ finalizeUploadRequest: { uploadedPartIds: ['"n1"', '"n2"', '"n3"'] } });
    expect(result.progress).toMatchObject({ finalized: true, uploadUrlsExpireAt: 1795000000000 });
  });

  it('refuses upload instructions that do not cover the file part after part', async () => {
    const bad = { body: { value: { video: videoUrn, uploadToken: 't', uploadInstructions: [{ uploadUrl: partUrl(1), firstByte: 0, lastByte: videoSize }] } } };
    const gap = { body: { value: { ...initialized.body.value, uploadInstructions: [instructions[0], instructions[2]] } } };
    const short = { body: { value: { ...initialized.body.value, uploadInstructions: instructions.slice(0, 2) } } };
    for (const answer of [bad, gap, short]) {
      const { publisher, requests } = publisherWith('linkedin', createLinkedinPublisher, [answer]);
      await expect(publisher.start(publishRequest({ media: [memoryMedia({ size: videoSize })] }))).rejects.toBeInstanceOf(Rejected);
      expect(requests).toHaveLength(1);
    }
  });

  it('asks for a part again when LinkedIn returns no ETag', async () => {
    const { publisher } = publisherWith('linkedin', createLinkedinPublisher, [initialized, { status: 200 }]);
    await expect(publisher.start(publishRequest({ media: [memoryMedia({ size: videoSize })] }))).rejects.toBeInstanceOf(Retryable);
  });

  it('reads the video’s status until AVAILABLE', async () => {
    const { publisher, requests } = publisherWith('linkedin', createLinkedinPublisher, [
      { body: { status: 'PROCESSING', id: videoUrn } },
      { body: { status: 'AVAILABLE', id: videoUrn } },
      { body: { status: 'PROCESSING_FAILED', processingFailureReason: 'INVALID_FORMAT' } },
    ]);
    expect(await publisher.checkStatus(publishRequest({ progress: uploaded }))).toEqual({ state: 'processing', progress: uploaded, waitSeconds: 10 });
    expect(await publisher.checkStatus(publishRequest({ progress: uploaded }))).toEqual({ state: 'ready', progress: uploaded });
    const error = await publisher.checkStatus(publishRequest({ progress: uploaded })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Rejected);
    expect((error as Error).message).toBe('LinkedIn API error: video processing failed: INVALID_FORMAT');
    expect(requests[0]!.method).toBe('GET');
    expect(requests[0]!.url.toString()).toBe('https://api.linkedin.com/rest/videos/urn%3Ali%3Avideo%3AC5F10AQGKQg_6y2a4sQ');
    expect(requests[0]!.headers).toMatchObject(restHeaders);
  });

  it('creates the post with the escaped commentary and the video, and reads the URN from x-restli-id', async () => {
    const { publisher, requests } = publisherWith('linkedin', createLinkedinPublisher, [postCreated()]);
    const result = await publisher.publish(publishRequest({ text: 'New video (finally) #launch', progress: uploaded }));

    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.toString()).toBe('https://api.linkedin.com/rest/posts');
    expect(requests[0]!.headers).toMatchObject({ ...restHeaders, 'content-type': 'application/json' });
    expect(jsonOf(requests[0]!)).toEqual({
      author: 'urn:li:person:user-1',
      commentary: 'New video \\(finally\\) \\#launch',
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      content: { media: { id: videoUrn } },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    });
    expect(result).toEqual({
      state: 'published',
      platformPostId: 'urn:li:share:7001',
      postUrl: 'https://www.linkedin.com/feed/update/urn:li:share:7001',
      progress: { ...uploaded, platformPostId: 'urn:li:share:7001', postUrl: 'https://www.linkedin.com/feed/update/urn:li:share:7001' },
    });
  });

  it("sends the visibility the user chose (Connections only), PUBLIC when none was chosen", async () => {
    const { publisher, requests } = publisherWith('linkedin', createLinkedinPublisher, [postCreated()]);
    await publisher.publish(publishRequest({ text: 'For my network', progress: uploaded, options: { visibility: 'CONNECTIONS' } }));
    expect(jsonOf(requests[0]!)).toMatchObject({ commentary: 'For my network', visibility: 'CONNECTIONS' });
  });

  it('uploads each image whole to its upload URL, waits a grace period, and posts one or several images', async () => {
    const images = [memoryMedia({ kind: 'image', size: 300 }), memoryMedia({ kind: 'image', contentType: 'image/png', size: 200 })];
    const { publisher, requests } = publisherWith('linkedin', createLinkedinPublisher, [
      { body: { value: { uploadUrlExpiresAt: 1795000000000, uploadUrl: 'https://www.linkedin.com/dms-uploads/img1', image: 'urn:li:image:1' } } },
      { status: 201 },
      { body: { value: { uploadUrl: 'https://www.linkedin.com/dms-uploads/img2', image: 'urn:li:image:2' } } },
      { status: 201 },
      postCreated('urn:li:ugcPost:9'),
    ]);
    const started = await publisher.start(publishRequest({ media: images }));
    expect(requests[0]!.url.toString()).toBe('https://api.linkedin.com/rest/images?action=initializeUpload');
    expect(requests[0]!.headers).toMatchObject(restHeaders);
    expect(jsonOf(requests[0]!)).toEqual({ initializeUploadRequest: { owner: 'urn:li:person:user-1' } });
    expect([requests[1]!.method, requests[1]!.url.toString(), requests[1]!.headers['authorization'], requests[1]!.headers['content-type'], requests[1]!.headers['content-length']]).toEqual([
      'PUT',
      'https://www.linkedin.com/dms-uploads/img1',
      'Bearer access-1',
      'image/jpeg',
      '300',
    ]);
    expect(requests[3]!.headers['content-type']).toBe('image/png');
    expect(images[1]!.reads).toEqual([[0, 199]]);
    expect(started).toEqual({ state: 'processing', waitSeconds: 5, progress: { imageUrns: ['urn:li:image:1', 'urn:li:image:2'] } });

    expect(await publisher.checkStatus(publishRequest({ media: images, progress: started.progress }))).toEqual({ state: 'ready', progress: started.progress });
    const published = await publisher.publish(publishRequest({ media: images, progress: started.progress }));
    expect(jsonOf(requests[4]!)).toMatchObject({ content: { multiImage: { images: [{ id: 'urn:li:image:1' }, { id: 'urn:li:image:2' }] } } });
    expect(published).toMatchObject({ platformPostId: 'urn:li:ugcPost:9', postUrl: 'https://www.linkedin.com/feed/update/urn:li:ugcPost:9' });
    expect(restCalls(requests).every((request) => request.headers['linkedin-version'] === '202609' && request.headers['x-restli-protocol-version'] === '2.0.0')).toBe(true);

    const single = publisherWith('linkedin', createLinkedinPublisher, [postCreated()]);
    await single.publisher.publish(publishRequest({ media: [images[0]!], progress: { imageUrns: ['urn:li:image:1'] } }));
    expect(jsonOf(single.requests[0]!)).toMatchObject({ content: { media: { id: 'urn:li:image:1' } } });
  });

  it('uploads a document (Documents API) whole, reads its status until AVAILABLE, and posts it with its title; a lost answer is looked for by the document', async () => {
    const pdf = memoryMedia({ kind: 'document', contentType: 'application/pdf', extension: 'pdf', size: 400 });
    const options = { documentTitle: 'Our 2027 plan' };
    const documentUrn = 'urn:li:document:D4D10AQ1';
    const { publisher, requests } = publisherWith('linkedin', createLinkedinPublisher, [
      { body: { value: { uploadUrlExpiresAt: 1795000000000, uploadUrl: 'https://www.linkedin.com/dms-uploads/doc1', document: documentUrn } } },
      { status: 201 },
      { body: { id: documentUrn, status: 'PROCESSING' } },
      { body: { id: documentUrn, status: 'AVAILABLE' } },
      postCreated('urn:li:share:77'),
    ]);
    const started = await publisher.start(publishRequest({ media: [pdf], options }));
    expect(requests[0]!.url.toString()).toBe('https://api.linkedin.com/rest/documents?action=initializeUpload');
    expect(requests[0]!.headers).toMatchObject(restHeaders);
    expect(jsonOf(requests[0]!)).toEqual({ initializeUploadRequest: { owner: 'urn:li:person:user-1' } });
    expect([requests[1]!.method, requests[1]!.url.toString(), requests[1]!.headers['authorization'], requests[1]!.headers['content-type']]).toEqual([
      'PUT',
      'https://www.linkedin.com/dms-uploads/doc1',
      'Bearer access-1',
      'application/pdf',
    ]);
    expect(pdf.reads).toEqual([[0, 399]]);
    expect(started).toEqual({
      state: 'processing',
      waitSeconds: 5,
      progress: { documentUrn, documentUploadUrl: 'https://www.linkedin.com/dms-uploads/doc1', documentUploadExpiresAt: 1795000000000, documentUploaded: true },
    });
    const processing = await publisher.checkStatus(publishRequest({ media: [pdf], options, progress: started.progress }));
    expect(processing).toMatchObject({ state: 'processing', waitSeconds: 5 });
    expect(requests[2]!.url.toString()).toBe(`https://api.linkedin.com/rest/documents/${encodeURIComponent(documentUrn)}`);
    expect(await publisher.checkStatus(publishRequest({ media: [pdf], options, progress: started.progress }))).toMatchObject({ state: 'ready' });
    const published = await publisher.publish(publishRequest({ media: [pdf], options, text: 'Read the plan', progress: started.progress }));
    expect(jsonOf(requests[4]!)).toMatchObject({ commentary: 'Read the plan', content: { media: { id: documentUrn, title: 'Our 2027 plan' } } });
    expect(published).toMatchObject({ platformPostId: 'urn:li:share:77' });

    // A lost answer: the author's latest post carrying this document is the one.
    const found = publisherWith('linkedin', createLinkedinPublisher, [
      { body: { elements: [{ id: 'urn:li:share:5', commentary: 'Read the plan', content: { media: { id: 'urn:li:document:other', title: 'Old' } } }, { id: 'urn:li:share:6', commentary: 'Read the plan', content: { media: { id: documentUrn, title: 'Our 2027 plan' } } }] } },
    ]);
    const log: string[] = [];
    expect(await found.publisher.publish(publishRequest({ media: [pdf], options, text: 'Read the plan', progress: started.progress, createOnce: armedTarget('LinkedIn', log) }))).toMatchObject({
      platformPostId: 'urn:li:share:6',
    });
    expect(log).toEqual(['reconcile']);
  });

  it("goes on with a document whose upload LinkedIn took though its answer was lost (a second PUT is refused), and fails one LinkedIn does not have", async () => {
    const pdf = memoryMedia({ kind: 'document', contentType: 'application/pdf', extension: 'pdf', size: 400 });
    const documentUrn = 'urn:li:document:D4D10AQ2';
    const progress = { documentUrn, documentUploadUrl: 'https://www.linkedin.com/dms-uploads/doc2', documentUploadExpiresAt: 4102444800000, documentUploaded: false };
    const refusedAgain = { status: 400, body: { status: 400, message: 'The document has been uploaded: it can no longer change.' } };
    const taken = publisherWith('linkedin', createLinkedinPublisher, [refusedAgain, { body: { id: documentUrn, status: 'PROCESSING' } }]);
    const result = await taken.publisher.start(publishRequest({ media: [pdf], options: { documentTitle: 'Plan' }, progress }));
    expect(result).toMatchObject({ state: 'processing', progress: { documentUrn, documentUploaded: true } });
    expect(taken.requests.map((request) => request.method)).toEqual(['PUT', 'GET']);

    const missing = publisherWith('linkedin', createLinkedinPublisher, [refusedAgain, { body: { id: documentUrn, status: 'WAITING_UPLOAD' } }]);
    await expect(missing.publisher.start(publishRequest({ media: [pdf], options: { documentTitle: 'Plan' }, progress }))).rejects.toThrow(
      new Rejected('LinkedIn refused the request (400): The document has been uploaded: it can no longer change.'),
    );
  });

  it('refuses a document without a title before uploading it, and says in words when LinkedIn could not process it', async () => {
    const pdf = memoryMedia({ kind: 'document', contentType: 'application/pdf', extension: 'pdf', size: 400 });
    const untitled = publisherWith('linkedin', createLinkedinPublisher);
    await expect(untitled.publisher.start(publishRequest({ media: [pdf] }))).rejects.toThrow(new Rejected('A LinkedIn document needs a title: LinkedIn shows it above the pages.'));
    expect(untitled.requests).toHaveLength(0);

    const failed = publisherWith('linkedin', createLinkedinPublisher, [{ body: { id: 'urn:li:document:D1', status: 'PROCESSING_FAILED' } }]);
    const progress = { documentUrn: 'urn:li:document:D1', documentUploaded: true };
    const refusal = await failed.publisher.checkStatus(publishRequest({ media: [pdf], options: { documentTitle: 'Plan' }, progress })).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Rejected);
    expect((refusal as Error).message).toMatch(/could not process the document: check that it is a PDF LinkedIn can open, of at most 300 pages and 100 MB/);

    // A document with other files never reaches LinkedIn.
    const mixed = publisherWith('linkedin', createLinkedinPublisher);
    await expect(mixed.publisher.start(publishRequest({ media: [pdf, memoryMedia({ kind: 'image', size: 10 })], options: { documentTitle: 'Plan' } }))).rejects.toThrow(/posted on its own/);
  });

  it('sends the configured LinkedIn-Version', async () => {
    const { publisher, requests } = publisherWith('linkedin', createLinkedinPublisher, [postCreated()], { version: '202604' });
    await publisher.publish(publishRequest({ progress: uploaded }));
    expect(requests[0]!.headers['linkedin-version']).toBe('202604');
  });

  it('returns a recorded post without calling LinkedIn; a lost answer is looked for among the author\'s latest posts', async () => {
    const { publisher, requests } = publisherWith('linkedin', createLinkedinPublisher);
    const progress = { ...uploaded, platformPostId: 'urn:li:share:1', postUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1' };
    expect(await publisher.publish(publishRequest({ progress }))).toMatchObject({ state: 'published', platformPostId: 'urn:li:share:1' });
    expect(requests).toHaveLength(0);

    const videoUrn = String(uploaded['videoUrn']);
    const found = publisherWith('linkedin', createLinkedinPublisher, [
      { body: { elements: [{ id: 'urn:li:share:9', commentary: 'Hello world', content: { media: { id: videoUrn } } }] } },
    ]);
    const log: string[] = [];
    expect(await found.publisher.publish(publishRequest({ progress: uploaded, createOnce: armedTarget('LinkedIn', log) }))).toMatchObject({ platformPostId: 'urn:li:share:9' });
    expect(log).toEqual(['reconcile']);
    expect(found.requests[0]!.method).toBe('GET');
    expect(queryOf(found.requests[0]!.url)).toMatchObject({ q: 'author', author: 'urn:li:person:user-1' });

    const refused = publisherWith('linkedin', createLinkedinPublisher, [{ status: 403, body: { status: 403, serviceErrorCode: 100, message: 'Not enough permissions to access: partnerApiPostsExternal.FINDER-author' } }]);
    await expect(refused.publisher.publish(publishRequest({ progress: uploaded, createOnce: armedTarget('LinkedIn') }))).rejects.toThrow(/check your LinkedIn account/);
  });

  it('refuses to post a video that is not uploaded yet', async () => {
    const { publisher, requests } = publisherWith('linkedin', createLinkedinPublisher);
    await expect(publisher.publish(publishRequest({ progress: { ...uploaded, finalized: false } }))).rejects.toBeInstanceOf(Rejected);
    expect(requests).toHaveLength(0);
  });

  it('classifies LinkedIn’s errors: inactive version, daily limit, revoked token, transient media visibility', async () => {
    const version = publisherWith('linkedin', createLinkedinPublisher, [
      { status: 426, body: { status: 426, code: 'NONEXISTENT_VERSION', message: 'Requested version 20241101 is not active' } },
    ]);
    const versionError = await version.publisher.publish(publishRequest({ progress: uploaded })).catch((caught: unknown) => caught);
    expect(versionError).toBeInstanceOf(Rejected);
    expect((versionError as Error).message).toMatch(/^LinkedIn API error: /);
    const limited = publisherWith('linkedin', createLinkedinPublisher, [{ status: 429 }]);
    await expect(limited.publisher.publish(publishRequest({ progress: uploaded }))).rejects.toBeInstanceOf(RateLimited);
    const revoked = publisherWith('linkedin', createLinkedinPublisher, [
      { status: 401, body: { status: 401, serviceErrorCode: 65601, code: 'REVOKED_ACCESS_TOKEN', message: 'The token used in the request has been revoked by the user' } },
    ]);
    await expect(revoked.publisher.start(publishRequest({ media: [memoryMedia({ size: 10 })] }))).rejects.toBeInstanceOf(AuthExpired);
    const forbidden = publisherWith('linkedin', createLinkedinPublisher, [{ status: 403, body: { status: 403, message: 'resource is forbidden' } }]);
    await expect(forbidden.publisher.publish(publishRequest({ progress: uploaded }))).rejects.toBeInstanceOf(Retryable);
    const invalid = publisherWith('linkedin', createLinkedinPublisher, [{ status: 422, body: { status: 422, message: 'commentary too long' } }]);
    const invalidError = await invalid.publisher.publish(publishRequest({ progress: uploaded })).catch((caught: unknown) => caught);
    expect(invalidError).toBeInstanceOf(Rejected);
    // LinkedIn's sentence in ours, never its whole answer.
    expect((invalidError as Error).message).toBe('LinkedIn refused the request (422): commentary too long');
  });
  it('comments on the post once (Comments API): actor, object and message as LinkedIn documents them; a recorded comment is not sent again', async () => {
    const postUrn = 'urn:li:share:7001';
    const commentUrn = `urn:li:comment:(${postUrn},7002)`;
    const { publisher, requests } = publisherWith('linkedin', createLinkedinPublisher, [{ status: 201, headers: { 'x-restli-id': commentUrn }, body: { $URN: commentUrn } }]);
    const request = { text: 'Details in the comments (1/2)', post: { platformPostId: postUrn, postUrl: `https://www.linkedin.com/feed/update/${postUrn}` }, account: { platformUserId: 'user-1' }, tokens: publishRequest().tokens, progress: { platformPostId: postUrn }, createOnce: sendDirectly };
    const made = await publisher.firstComment!(request);

    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.toString()).toBe('https://api.linkedin.com/rest/socialActions/urn%3Ali%3Ashare%3A7001/comments');
    expect(requests[0]!.headers).toMatchObject({ ...restHeaders, 'content-type': 'application/json' });
    expect(jsonOf(requests[0]!)).toEqual({ actor: 'urn:li:person:user-1', object: postUrn, message: { text: 'Details in the comments (1/2)' } });
    expect(made).toEqual({
      commentId: commentUrn,
      url: `https://www.linkedin.com/feed/update/${postUrn}?commentUrn=${encodeURIComponent(commentUrn)}`,
      progress: { platformPostId: postUrn, commentUrn },
    });
    expect((await publisher.firstComment!({ ...request, progress: made.progress })).commentId).toBe(commentUrn);
    expect(requests).toHaveLength(1);
  });
});
