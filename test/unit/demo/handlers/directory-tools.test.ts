import { ToolError } from "mcp-gen/runtime";
import { beforeEach, describe, expect, it } from "vitest";
import { createRecord } from "../../../../handlers/create_record.js";
import { RecordStore, records } from "../../../../handlers/lib/record-store.js";
import { findUser, resetUserDirectory, sentNotifications } from "../../../../handlers/lib/user-directory.js";
import { sendNotification } from "../../../../handlers/send_notification.js";
import { setUserRole } from "../../../../handlers/set_user_role.js";
import { fakeContext } from "./fake-context.js";

describe("create_record", () => {
  it("stores the spec example and returns a summary and the stored record as JSON", async () => {
    const data = { name: "Ada Lovelace", vip: true, visits: 3 };
    const result = await createRecord({ table: "customers", data }, fakeContext());
    const stored = { id: "customers-1", table: "customers", data };
    expect(result).toEqual([
      { type: "text", text: "Created record customers-1 in table customers with 3 fields." },
      {
        type: "resource",
        resource: { uri: "demo-db://customers/customers-1", mimeType: "application/json", text: JSON.stringify(stored, null, 2) },
      },
    ]);
    expect(records.get("customers", "customers-1")).toEqual(stored);
  });

  it("numbers records per table and copies the data", async () => {
    const data: Record<string, string | null> = { title: "first", note: null };
    await createRecord({ table: "orders", data }, fakeContext());
    data.title = "changed after the call";
    const second = await createRecord({ table: "orders", data: {} }, fakeContext());
    expect(records.get("orders", "orders-1")?.data).toEqual({ title: "first", note: null });
    expect(Array.isArray(second) && second[0]).toEqual({ type: "text", text: "Created record orders-2 in table orders with 0 fields." });
    expect(records.count("orders")).toBe(2);
  });

  it("keeps a field named __proto__ as a plain field", () => {
    const store = new RecordStore();
    const record = store.insert("t", JSON.parse('{"__proto__": "x", "a": 1}'));
    expect(Object.getPrototypeOf(record?.data)).toBe(Object.prototype);
    expect(JSON.stringify(record?.data)).toBe('{"__proto__":"x","a":1}');
  });

  it("refuses new records once a table is full", async () => {
    const store = new RecordStore();
    for (let i = 0; i < 10_000; i++) store.insert("t", {});
    expect(store.insert("t", {})).toBeUndefined();
    expect(store.count("t")).toBe(10_000);
  });
});

describe("set_user_role", () => {
  beforeEach(() => resetUserDirectory());

  it("changes a role, then reports a repeat as unchanged", async () => {
    expect(await setUserRole({ userId: "u-123", role: "editor" }, fakeContext())).toBe("Ada Lovelace (u-123) is now an editor (was a viewer).");
    expect(findUser("u-123")?.role).toBe("editor");
    expect(await setUserRole({ userId: "u-123", role: "editor" }, fakeContext())).toBe("Ada Lovelace (u-123) is already an editor; nothing changed.");
    expect(await setUserRole({ userId: "u-789", role: "viewer" }, fakeContext())).toBe("Alan Turing (u-789) is now a viewer (was an admin).");
  });

  it("refuses an unknown user", async () => {
    const call = setUserRole({ userId: "u-999", role: "admin" }, fakeContext());
    await expect(call).rejects.toBeInstanceOf(ToolError);
    await expect(call).rejects.toThrow('no user with id "u-999"');
  });
});

describe("send_notification", () => {
  beforeEach(() => resetUserDirectory());

  it("records each message in the outbox and confirms it", async () => {
    expect(await sendNotification({ userId: "u-123", message: "Your report is ready." }, fakeContext())).toBe("Notification n-1 sent to Ada Lovelace (u-123).");
    expect(await sendNotification({ userId: "u-456", message: "Hello" }, fakeContext())).toBe("Notification n-2 sent to Grace Hopper (u-456).");
    expect(sentNotifications()).toEqual([
      { id: "n-1", userId: "u-123", message: "Your report is ready." },
      { id: "n-2", userId: "u-456", message: "Hello" },
    ]);
  });

  it("keeps only the latest 1000 notifications", async () => {
    for (let i = 1; i <= 1005; i++) await sendNotification({ userId: "u-123", message: `m${i}` }, fakeContext());
    const outbox = sentNotifications();
    expect(outbox).toHaveLength(1000);
    expect(outbox[0]).toEqual({ id: "n-6", userId: "u-123", message: "m6" });
  });

  it("refuses an unknown user and sends nothing", async () => {
    await expect(sendNotification({ userId: "u-1", message: "hi" }, fakeContext())).rejects.toThrow(new ToolError('no user with id "u-1"'));
    expect(sentNotifications()).toEqual([]);
  });
});
