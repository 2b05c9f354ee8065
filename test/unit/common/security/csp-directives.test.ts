import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../../main/common/security/csp';

/** The policy as a map of directive to its sources, as a browser reads it. */
const directivesOf = (policy: string) => new Map(policy.split('; ').map((part) => [part.split(' ')[0]!, part.split(' ').slice(1).join(' ')]));

/**
 * Every directive of the renderer's policy, written out: a directive dropped or emptied (StrykerJS left
 * seven such mutants alive) would let the page load scripts, styles, fonts or forms from elsewhere.
 */
describe('the renderer CSP, directive by directive', () => {
  const expected = {
    'default-src': "'self'",
    'script-src': "'self'",
    'style-src': "'self'",
    'img-src': "'self' data:",
    'font-src': "'self'",
    'object-src': "'none'",
    'base-uri': "'none'",
    'form-action': "'none'",
    'frame-ancestors': "'none'",
  };

  it('as a header: all of them, with no connection at all in Electron', () => {
    expect(Object.fromEntries(directivesOf(contentSecurityPolicy("'none'")))).toEqual({ ...expected, 'connect-src': "'none'" });
    expect(Object.fromEntries(directivesOf(contentSecurityPolicy("'none'", 'header')))).toEqual({ ...expected, 'connect-src': "'none'" });
  });

  it('in a <meta> tag (the loopback preview): the same but frame-ancestors, which browsers ignore there', () => {
    const { 'frame-ancestors': _ignored, ...inMeta } = expected;
    expect(Object.fromEntries(directivesOf(contentSecurityPolicy("'self'", 'meta')))).toEqual({ ...inMeta, 'connect-src': "'self'" });
  });
});
