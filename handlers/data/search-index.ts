/** The demo's offline "web": a few pages, mostly about MCP, that web_search ranks. */
export interface IndexedPage {
  url: string;
  title: string;
  description: string;
  /** Further words the page is about, searched with less weight than title and description. */
  body: string;
}

export const SEARCH_INDEX: readonly IndexedPage[] = [
  {
    url: "https://modelcontextprotocol.io/",
    title: "Model Context Protocol",
    description: "An open protocol that connects AI applications to external data sources and tools.",
    body: "introduction overview MCP hosts clients servers LLM context integration standard",
  },
  {
    url: "https://modelcontextprotocol.io/specification/2025-11-25",
    title: "MCP Specification 2025-11-25",
    description: "The authoritative specification of the Model Context Protocol, revision 2025-11-25.",
    body: "specification JSON-RPC lifecycle initialize capabilities negotiation revision schema",
  },
  {
    url: "https://modelcontextprotocol.io/specification/2025-11-25/server/tools",
    title: "Tools - Model Context Protocol",
    description: "How servers expose tools that language models can call: tools/list, tools/call and results.",
    body: "tools inputSchema outputSchema structuredContent annotations isError call list pagination",
  },
  {
    url: "https://modelcontextprotocol.io/specification/2025-11-25/server/resources",
    title: "Resources - Model Context Protocol",
    description: "How servers share data such as files and database schemas as resources identified by URIs.",
    body: "resources uri subscribe templates read list mime",
  },
  {
    url: "https://modelcontextprotocol.io/specification/2025-11-25/server/prompts",
    title: "Prompts - Model Context Protocol",
    description: "How servers offer prompt templates that users select in a client.",
    body: "prompts templates arguments messages get list",
  },
  {
    url: "https://modelcontextprotocol.io/specification/2025-11-25/basic/transports",
    title: "Transports - Model Context Protocol",
    description: "The stdio and Streamable HTTP transports that carry MCP's JSON-RPC messages.",
    body: "transport stdio streamable http sse session origin security localhost",
  },
  {
    url: "https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/progress",
    title: "Progress - Model Context Protocol",
    description: "Progress notifications for long-running requests, tied to a progress token.",
    body: "progress notifications token long running utilities",
  },
  {
    url: "https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/cancellation",
    title: "Cancellation - Model Context Protocol",
    description: "How either side cancels a request in flight with notifications/cancelled.",
    body: "cancellation cancelled abort request notifications utilities",
  },
  {
    url: "https://github.com/modelcontextprotocol/typescript-sdk",
    title: "MCP TypeScript SDK",
    description: "The official TypeScript SDK for building MCP servers and clients.",
    body: "typescript javascript node sdk server client library npm",
  },
  {
    url: "https://github.com/modelcontextprotocol/inspector",
    title: "MCP Inspector",
    description: "A visual and command-line tool for testing and debugging MCP servers.",
    body: "inspector debugging testing cli browser developer tools",
  },
  {
    url: "https://json-schema.org/draft/2020-12",
    title: "JSON Schema 2020-12",
    description: "The JSON Schema dialect MCP uses by default for tool input and output schemas.",
    body: "json schema validation vocabulary dialect keywords draft",
  },
  {
    url: "https://ajv.js.org/",
    title: "Ajv JSON schema validator",
    description: "A fast JSON Schema validator for JavaScript that compiles schemas to code.",
    body: "ajv json schema validator javascript standalone code compile",
  },
  {
    url: "https://en.wikipedia.org/wiki/Body_mass_index",
    title: "Body mass index",
    description: "A value derived from a person's mass and height, used to classify weight categories.",
    body: "bmi health weight height underweight normal overweight obese",
  },
  {
    url: "https://en.wikipedia.org/wiki/Confetti",
    title: "Confetti",
    description: "Small pieces of paper thrown at celebrations such as parades and weddings.",
    body: "confetti celebration party paper cannon",
  },
];
