/** §3 User rows and the event rows as the event platform answers them (§3 Event public / full). */
import type { Queryable } from './db/adapter';
import { notFound } from './errors';

export interface User {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  emailId: string;
  profilePicture: string;
}

interface UserRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  profile_picture: string;
  features: { name: string; available: boolean }[];
}

export async function findUser(db: Queryable, id: string): Promise<(User & { features: UserRow['features'] }) | null> {
  const row = (await db.query<UserRow>('SELECT id, username, first_name, last_name, email, profile_picture, features FROM users WHERE id = $1', [id]))[0];
  if (!row) return null;
  return { id: row.id, username: row.username, firstName: row.first_name, lastName: row.last_name, emailId: row.email, profilePicture: row.profile_picture, features: row.features };
}

export async function getUser(db: Queryable, id: string): Promise<User & { features: UserRow['features'] }> {
  const user = await findUser(db, id);
  if (!user) throw notFound('No such user');
  return user;
}

export const publicUser = ({ id, username, firstName, lastName, emailId, profilePicture }: User): User => ({ id, username, firstName, lastName, emailId, profilePicture });
