/** The demo's users and the notifications sent to them, in memory for the life of the process. */
import type { SetUserRoleInput } from "../../generated/tools/set_user_role.js";

export type Role = SetUserRoleInput["role"];

export interface DemoUser {
  id: string;
  name: string;
  role: Role;
}

export interface SentNotification {
  id: string;
  userId: string;
  message: string;
}

const SEED_USERS: readonly DemoUser[] = [
  { id: "u-123", name: "Ada Lovelace", role: "viewer" },
  { id: "u-456", name: "Grace Hopper", role: "editor" },
  { id: "u-789", name: "Alan Turing", role: "admin" },
];

/** The outbox keeps only the latest notifications, so a long-running demo stays small. */
export const OUTBOX_CAPACITY = 1000;

const users = new Map<string, DemoUser>();
const outbox: SentNotification[] = [];
let notificationsSent = 0;

/** Back to the seed users and an empty outbox (tests start from here). */
export function resetUserDirectory(): void {
  users.clear();
  for (const user of SEED_USERS) users.set(user.id, { ...user });
  outbox.length = 0;
  notificationsSent = 0;
}
resetUserDirectory();

export function findUser(id: string): DemoUser | undefined {
  const user = users.get(id);
  return user === undefined ? undefined : { ...user };
}

/** Sets the role; `previous` is what it was, so callers can tell a no-op apart. */
export function assignRole(id: string, role: Role): { user: DemoUser; previous: Role } | undefined {
  const user = users.get(id);
  if (user === undefined) return undefined;
  const previous = user.role;
  user.role = role;
  return { user: { ...user }, previous };
}

export function recordNotification(userId: string, message: string): SentNotification {
  const notification = { id: `n-${++notificationsSent}`, userId, message };
  outbox.push(notification);
  if (outbox.length > OUTBOX_CAPACITY) outbox.splice(0, outbox.length - OUTBOX_CAPACITY);
  return { ...notification };
}

export function sentNotifications(): SentNotification[] {
  return outbox.map((n) => ({ ...n }));
}
