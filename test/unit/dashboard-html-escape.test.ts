import { describe, expect, it } from 'vitest';
import { html, escapeHtml } from '../../server/dashboard/html.ts';

describe('dashboard html: what a value becomes in a page', () => {
  it('when a value holds markup characters, then each is written as its entity', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('when a value holds a NUL (a ?name=%00), then it is written as U+FFFD, as a browser reads one, never as a NUL byte', () => {
    const page = html`<input value="${'a\0b'}">`.toString();

    expect(page).toBe('<input value="a\uFFFDb">');
    expect(page.includes('\0')).toBe(false);
  });
});
