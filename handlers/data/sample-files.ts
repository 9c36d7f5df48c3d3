/** What a new demo files root starts with (`/`-separated paths relative to it). */
export const SAMPLE_FILES: Readonly<Record<string, string>> = {
  "README.txt": "Sample files for the mcp-gen demo's search_files and delete_file tools.\n",
  "documents/quarterly-report.pdf": "%PDF-1.4\n% A placeholder standing in for a real report.\n%%EOF\n",
  "documents/meeting-notes.txt": "Agenda: ship the demo server.\n",
  "documents/archive/2024-summary.pdf": "%PDF-1.4\n% Last year's summary.\n%%EOF\n",
  "drafts/old-notes.txt": "Notes nobody needs any more.\n",
};
