/** §3 User rows, and making a user (the `--create-user` command, cli/createUser.ts). */
import { randomUUID } from 'node:crypto';
import { json, type Queryable } from './db/adapter';
import { notFound } from './errors';
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN } from './passwords';

/** A user name: letters, digits and `. _ - @`, 1..USERNAME_MAX characters. */
export const USERNAME_MAX = 100;
const USERNAME = /^[A-Za-z0-9._@-]+$/;

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

/** Why `username` / `password` cannot make a user, or null. */
export function newUserProblem(username: string, password: string): string | null {
  if (!username || username.length > USERNAME_MAX || !USERNAME.test(username)) return `A user name is 1..${USERNAME_MAX} letters, digits or . _ - @`;
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return `A password is ${PASSWORD_MIN}..${PASSWORD_MAX} characters`;
  return null;
}

/** Makes a producer (with the pt_sequin feature, §6); throws when the name is taken or not valid. */
export async function createUser(db: Queryable, username: string, password: string): Promise<User> {
  const problem = newUserProblem(username, password);
  if (problem) throw new Error(problem);
  if ((await db.query('SELECT 1 FROM users WHERE username = $1', [username])).length) throw new Error(`A user named ${username} exists already`);
  const id = randomUUID();
  await db.query('INSERT INTO users (id, username, password_hash, first_name, last_name, email, features) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)', [
    id,
    username,
    await hashPassword(password),
    username,
    '',
    '',
    json([{ name: 'pt_sequin', available: true }]),
  ]);
  return (await findUser(db, id))!;
}

export async function userCount(db: Queryable): Promise<number> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]?.n ?? 0;
}
