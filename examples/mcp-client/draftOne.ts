/**
 * An MCP client on OneClick's MCP server, with the MCP SDK's own client and Streamable HTTP
 * transport: lists the tools the key may use, the workspace's accounts, uploads the sandbox's test
 * image from a URL, saves a draft with it and reads the draft back (docs/mcp.md).
 *
 *   ONECLICK_API_KEY=<a key with read and write> npx tsx examples/mcp-client/draftOne.ts
 *
 * ONECLICK_MCP_URL is the MCP server's address (default: the twin `npm start` runs,
 * http://127.0.0.1:5173/api/mcp); ONECLICK_IMAGE_URL the image to upload (default: the platform
 * sandbox's test file, which the twin's outbound rule lets through).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const apiKey = process.env['ONECLICK_API_KEY'];
if (!apiKey) throw new Error('Set ONECLICK_API_KEY to an API key from Settings › API keys.');
const url = new URL(process.env['ONECLICK_MCP_URL'] ?? 'http://127.0.0.1:5173/api/mcp');
const imageUrl = process.env['ONECLICK_IMAGE_URL'] ?? 'http://127.0.0.1:4600/_files/photo.png';

const client = new Client({ name: 'oneclick-example', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${apiKey}` } } }));

/** A tool's structured answer; a refusal (isError) is the app's sentence, thrown as it is. */
async function call<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) throw new Error(`${name}: ${(result.content[0] as { text: string }).text}`);
  return result.structuredContent as T;
}

const { tools } = await client.listTools();
console.log(`tools: ${tools.map((tool) => tool.name).join(', ')}`);

const { connections } = await call<{ connections: Array<{ platform: string; platformUserId: string; displayName: string; status: string }> }>('list_accounts', {});
console.log(`accounts: ${connections.map((account) => `${account.platform} ${account.displayName} (${account.status})`).join(', ') || 'none connected'}`);

const media = await call<{ key: string; contentType: string; size: number }>('upload_from_url', { url: imageUrl });
console.log(`uploaded: ${media.key} (${media.contentType}, ${media.size} bytes)`);

const targets = connections.slice(0, 1).map((account) => ({ platform: account.platform, accountId: account.platformUserId }));
const draft = await call<{ postId: string; status: string }>('create_draft', { description: 'Drafted through MCP', media: [{ key: media.key }], targets });
const read = await call<{ postId: string; status: string; description: string }>('get_post', { postId: draft.postId });
console.log(`draft ${read.postId}: ${read.status}, "${read.description}"`);

await client.close();
