import { describe, expect, it } from 'vitest';
import { createExternalLinkPolicy, externalHostsFromEnv } from '../../../src/main/external-links';

describe('external link allow-list', () => {
  const policy = createExternalLinkPolicy({
    hosts: externalHostsFromEnv('naric.rks-gov.example, docs.naric.example'),
    serverOrigin: () => 'http://127.0.0.1:53012',
  });

  it('opens https links to allow-listed hosts', () => {
    expect(policy.isAllowed('https://www.enic-naric.net/kosovo.aspx')).toBe(true);
    expect(policy.isAllowed('https://naric.rks-gov.example/')).toBe(true);
    expect(policy.isAllowed('https://DOCS.naric.example/guide#fees')).toBe(true);
  });

  it('opens pages of the API server in use, such as its documentation', () => {
    expect(policy.isAllowed('http://127.0.0.1:53012/api/docs/')).toBe(true);
    expect(policy.isAllowed('http://127.0.0.1:53013/api/docs/')).toBe(false);
  });

  it('refuses everything else', () => {
    for (const url of [
      'http://www.enic-naric.net/',
      'https://evil.example/',
      'https://www.enic-naric.net.evil.example/',
      'https://sub.www.enic-naric.net/',
      'https://user:pass@www.enic-naric.net/',
      'https://www.enic-naric.net:8443/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://server/share',
      'ms-msdt:/id',
      'not a url',
      '',
    ]) {
      expect(policy.isAllowed(url), url).toBe(false);
    }
  });

  it('with no server known, allows only the listed hosts', () => {
    const bare = createExternalLinkPolicy();
    expect(bare.isAllowed('https://enic-naric.net/')).toBe(true);
    expect(bare.isAllowed('http://127.0.0.1:8000/api/docs/')).toBe(false);
  });
});
