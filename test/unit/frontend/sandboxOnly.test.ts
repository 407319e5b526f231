import { describe, expect, it } from 'vitest';
import { sandboxOnlyMessage } from '../../../frontend/src/components/ui/SandboxOnlyNote';
import { sandboxOnlyPlatforms, platforms } from '../../../shared/platforms';

describe('the note on networks verified only against the sandbox', () => {
  it('says "all" in one sentence when every network is sandbox-only, as today', () => {
    expect(sandboxOnlyPlatforms).toEqual(platforms);
    expect(sandboxOnlyMessage(sandboxOnlyPlatforms, platforms)).toEqual({ key: 'ui.sandboxOnlyAll' });
  });

  it('names the sandbox-only networks once one has been tried live, and says nothing when none is left', () => {
    expect(sandboxOnlyMessage(['x', 'bluesky'], platforms)).toEqual({ key: 'ui.sandboxOnly', named: ['x', 'bluesky'] });
    expect(sandboxOnlyMessage([], platforms)).toBeUndefined();
  });
});
