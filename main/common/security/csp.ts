/**
 * The renderer's Content-Security-Policy. In Electron it may not open any
 * connection at all (all network I/O is in main); the loopback preview may talk
 * only to the origin that served it, which is where its IPC endpoint lives.
 */
export function contentSecurityPolicy(connectSrc: "'none'" | "'self'"): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connectSrc}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
