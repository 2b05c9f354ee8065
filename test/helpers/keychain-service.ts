/**
 * The keychain service a test process stores its keys under: the name given, made its own by the
 * process id. Test files run side by side in several workers; two files of one kit (the wallet's,
 * say) under one shared name would import, use and delete each other's keys. A child process the
 * test starts gets the full name passed to it, so it reads the keys its parent imported.
 */
export function testKeychainService(name: string): string {
  return `${name} (pid ${process.pid})`;
}
