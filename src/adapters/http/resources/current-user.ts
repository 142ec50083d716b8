/** The authenticated user's id; routes that call this are JWT-protected, so it is always present. */
export function currentUser(userId: number | null): number {
  if (userId === null) throw new Error('A user-scoped route ran without an authenticated user');
  return userId;
}
