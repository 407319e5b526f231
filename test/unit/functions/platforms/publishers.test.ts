import { describe, expect, it } from 'vitest';
import { platforms } from '../../../../shared/platforms';
import { createPublishers, publisherFactories } from '../../../../functions/platforms/publishers';
import { platformHosts } from '../../../../functions/platforms/hosts';
import { clock, credentials, publisherOptions, publishRequest, recordingFetch } from './harness';

describe('publisher registry', () => {
  it('has one publisher factory per platform, each for its own platform', () => {
    expect(Object.keys(publisherFactories).sort()).toEqual([...platforms].sort());
  });

  it('creates publishers only for configured platforms, calling the configured hosts', async () => {
    const { fetchImpl, requests } = recordingFetch([{ body: { id: 'c-1' } }]);
    const hosts = { ...platformHosts.instagram, graph: 'http://sandbox.local/instagram/graph' };
    const publishers = createPublishers({ instagram: { credentials, hosts } }, clock, publisherOptions, fetchImpl);

    expect(Object.keys(publishers)).toEqual(['instagram']);
    expect(publishers.instagram!.platform).toBe('instagram');
    await publishers.instagram!.start(publishRequest({ media: [publishRequest().media[0]!] }));
    expect(requests[0]!.url.toString()).toBe('http://sandbox.local/instagram/graph/v21.0/user-1/media');
  });
});
