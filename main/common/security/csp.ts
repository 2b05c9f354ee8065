/**
 * The renderer's Content-Security-Policy. In Electron it may not open any
 * connection at all (all network I/O is in main); the loopback preview may talk
 * only to the origin that served it, which is where its IPC endpoint lives.
 */
export function contentSecurityPolicy(connectSrc: "'none'" | "'self'", delivery: 'header' | 'meta' = 'header'): string {
  const directives = [
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
  ];
  // Browsers ignore frame-ancestors in a <meta> policy (and warn about it); the header carries it.
  return (delivery === 'meta' ? directives.filter((d) => !d.startsWith('frame-ancestors')) : directives).join('; ');
}
