/**
 * Why a file could not be read or moved, in the user's words rather than the system's
 * ("EISDIR: illegal operation on a directory, read"); the system's message for any other failure.
 */
export function fileFailureReason(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a folder';
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'EROFS') return 'the disk is read-only';
  return message;
}
