/** The message of a failed call (the server's messages are already in the user's language). */
export function errorMessage(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message || undefined;
  }
  return undefined;
}
