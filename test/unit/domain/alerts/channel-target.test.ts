import { describe, expect, it } from 'vitest';
import { shownTarget, splitCredentials } from '../../../../src/domain/alerts/channel-target.js';

describe('shownTarget', () => {
  it("masks an ntfy URL's password and keeps its user name", () => {
    expect(shownTarget('https://reader:s3cr%40t@ntfy.example.org/topic')).toBe('https://reader:***@ntfy.example.org/topic');
    expect(shownTarget('https://:only-password@ntfy.example.org/t')).toBe('https://:***@ntfy.example.org/t');
  });

  it('leaves a target without a password as it is', () => {
    for (const target of ['https://ntfy.example.org/topic', 'https://token-user@ntfy.example.org/t', 'me@example.org', 'https://x.example/a?b=c@d']) {
      expect(shownTarget(target)).toBe(target);
    }
  });
});

describe('splitCredentials', () => {
  it('takes the decoded credentials out of the URL', () => {
    expect(splitCredentials('https://reader:s3cr%40t%3A1@ntfy.example.org:8443/topic?x=1')).toEqual({
      url: 'https://ntfy.example.org:8443/topic?x=1',
      credentials: { user: 'reader', password: 's3cr@t:1' },
    });
  });

  it('answers no credentials for a URL without them', () => {
    expect(splitCredentials('https://ntfy.example.org/topic')).toEqual({ url: 'https://ntfy.example.org/topic', credentials: null });
  });
});
