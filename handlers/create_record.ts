import { ToolError } from "mcp-gen/runtime";
import type { CreateRecordHandler } from "../generated/tools/create_record.js";
import { records } from "./lib/record-store.js";

/** Create a new record in the database. */
export const createRecord: CreateRecordHandler = async (input, context) => {
  const record = records.insert(input.table, input.data);
  if (record === undefined) throw new ToolError(`the demo store is full; table "${input.table}" cannot take more records`);
  context.log.debug("create_record", { id: record.id });
  const fields = Object.keys(record.data).length;
  return [
    { type: "text", text: `Created record ${record.id} in table ${record.table} with ${fields} ${fields === 1 ? "field" : "fields"}.` },
    {
      type: "resource",
      resource: {
        uri: `demo-db://${record.table}/${record.id}`,
        mimeType: "application/json",
        text: JSON.stringify(record, null, 2),
      },
    },
  ];
};
