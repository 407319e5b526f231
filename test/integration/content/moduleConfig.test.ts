import { describe, expect, inject, it } from 'vitest';
import { webConfigSchema } from '../../../shared/api/webConfig';

const twin = inject('twin');

describe("the modules' URLs offline", () => {
  it('go into config.json and only their origin into the CSP\'s frame-src', async () => {
    const config = webConfigSchema.parse(await (await fetch(`${twin.webUrl}/config.json`)).json());
    const page = await fetch(`${twin.webUrl}/dashboard/autotoon`);

    expect(config.modules).toEqual(twin.demoModule.urls);
    expect(new URL(config.modules!.autotoon!).origin).toBe(twin.demoModule.origin);
    expect(page.headers.get('content-security-policy')).toContain(`frame-src ${twin.demoModule.origin};`);
  });

  it('serve a demo page that only the dashboard may frame', async () => {
    const response = await fetch(twin.demoModule.urls.autotoon);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain(`frame-ancestors ${twin.webUrl}`);
    expect(await response.text()).toContain('AutoToon');
  });
});
