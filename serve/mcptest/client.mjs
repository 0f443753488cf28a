// Drives a legoenv MCP server with the official TypeScript MCP SDK, as an
// agent would: connect (streamable HTTP or stdio), list the tools, call
// them, read the evaluation. Usage: node client.mjs CONFIG.json; the report
// is printed as JSON on stdout. Run by serve's Go tests (mcp_node_test.go).
import { readFile } from "node:fs/promises";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const EVALUATION_URI = "legoenv://session/evaluation";

const config = JSON.parse(await readFile(process.argv[2], "utf8"));

function transport() {
  switch (config.transport) {
    case "http":
      return new StreamableHTTPClientTransport(new URL(config.url));
    case "stdio":
      return new StdioClientTransport({ command: config.command, args: config.args, stderr: "inherit" });
    default:
      throw new Error(`unknown transport ${config.transport}`);
  }
}

function text(result) {
  return (result.content ?? []).filter((c) => c.type === "text").map((c) => c.text).join("");
}

// The score as the client application sees it: the REST evaluate endpoint
// when there is one (HTTP), and the evaluation resource in any case.
async function evaluation(client) {
  const out = {};
  if (config.evaluate_url) {
    const resp = await fetch(config.evaluate_url, { method: "POST" });
    out.rest = { status: resp.status, body: await resp.json() };
  }
  const res = await client.readResource({ uri: EVALUATION_URI });
  out.resource = JSON.parse(res.contents[0].text);
  return out;
}

const client = new Client({ name: "legoenv-mcptest", version: "0.0.0" });
await client.connect(transport());
const report = {
  server: client.getServerVersion(),
  instructions: client.getInstructions(),
};
const listed = await client.listTools();
report.tools = listed.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }));
report.before = await evaluation(client);

report.results = [];
for (const call of config.calls) {
  const res = await client.callTool({ name: call.name, arguments: call.arguments });
  report.results.push({ name: call.name, isError: res.isError === true, text: text(res) });
}
if (config.bad_call) {
  const res = await client.callTool({ name: config.bad_call.name, arguments: config.bad_call.arguments });
  report.bad = { isError: res.isError === true, text: text(res) };
}
try {
  await client.callTool({ name: "no_such_tool", arguments: {} });
  report.unknown_tool = { error: null };
} catch (err) {
  report.unknown_tool = { error: String(err.message ?? err) };
}
const prompt = await client.getPrompt({ name: "task" });
report.prompt = prompt.messages.map((m) => m.content.text).join("\n");
report.after = await evaluation(client);
await client.close();
process.stdout.write(JSON.stringify(report) + "\n");
