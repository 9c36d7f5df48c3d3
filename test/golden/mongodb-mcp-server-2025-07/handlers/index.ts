import type { ToolHandlers } from "../generated/handlers.js";
import { aggregate } from "./aggregate.js";
import { collectionIndexes } from "./collection_indexes.js";
import { collectionSchema } from "./collection_schema.js";
import { collectionStorageSize } from "./collection_storage_size.js";
import { connect } from "./connect.js";
import { count } from "./count.js";
import { createCollection } from "./create_collection.js";
import { createIndex } from "./create_index.js";
import { dbStats } from "./db_stats.js";
import { deleteMany } from "./delete_many.js";
import { dropCollection } from "./drop_collection.js";
import { dropDatabase } from "./drop_database.js";
import { explain } from "./explain.js";
import { find } from "./find.js";
import { insertMany } from "./insert_many.js";
import { listCollections } from "./list_collections.js";
import { listDatabases } from "./list_databases.js";
import { mongodbLogs } from "./mongodb_logs.js";
import { renameCollection } from "./rename_collection.js";
import { updateMany } from "./update_many.js";

export const handlers = {
  aggregate: aggregate,
  "collection-indexes": collectionIndexes,
  "collection-schema": collectionSchema,
  "collection-storage-size": collectionStorageSize,
  connect: connect,
  count: count,
  "create-collection": createCollection,
  "create-index": createIndex,
  "db-stats": dbStats,
  "delete-many": deleteMany,
  "drop-collection": dropCollection,
  "drop-database": dropDatabase,
  explain: explain,
  find: find,
  "insert-many": insertMany,
  "list-collections": listCollections,
  "list-databases": listDatabases,
  "mongodb-logs": mongodbLogs,
  "rename-collection": renameCollection,
  "update-many": updateMany,
} satisfies ToolHandlers;
