/** Where to go after logging in: the app path the visitor came from, never another site or /login itself. */
export function safeRedirect(from: string | null): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/login')) return '/';
  return from;
}
