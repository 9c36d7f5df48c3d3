/** The demo's "database": tables of records in memory, for the life of the process. */
import type { FieldValue } from "../../generated/tools/create_record.js";

export interface StoredRecord {
  id: string;
  table: string;
  data: Record<string, FieldValue>;
}

/** Keeps a long-running demo server from growing without bound. */
export const MAX_RECORDS_PER_TABLE = 10_000;
export const MAX_TABLES = 100;

export class RecordStore {
  private readonly tables = new Map<string, { nextId: number; records: Map<string, StoredRecord> }>();

  /** Stores a copy of `data` under a new id `<table>-<n>`; undefined when the store is full. */
  insert(table: string, data: Record<string, FieldValue | undefined>): StoredRecord | undefined {
    let entry = this.tables.get(table);
    if (entry === undefined) {
      if (this.tables.size >= MAX_TABLES) return undefined;
      entry = { nextId: 1, records: new Map() };
      this.tables.set(table, entry);
    }
    if (entry.records.size >= MAX_RECORDS_PER_TABLE) return undefined;
    const id = `${table}-${entry.nextId++}`;
    // fromEntries defines own properties, so a field named "__proto__" stays a plain field.
    const copy = Object.fromEntries(Object.entries(data).filter((entry): entry is [string, FieldValue] => entry[1] !== undefined));
    const record: StoredRecord = { id, table, data: copy };
    entry.records.set(id, record);
    return record;
  }

  get(table: string, id: string): StoredRecord | undefined {
    return this.tables.get(table)?.records.get(id);
  }

  count(table: string): number {
    return this.tables.get(table)?.records.size ?? 0;
  }
}

/** The store the create_record handler writes to. */
export const records = new RecordStore();
