import { describe, expect, it } from 'vitest';
import { markdownPage, renderMarkdown } from './markdown.server';

describe('markdown pages', () => {
  it('renders headings, lists and links, and takes the title from the first h1', () => {
    const { title, html } = renderMarkdown('# Terms\n\n## One\n\n- a\n- b\n\n[support](/support)');
    expect(title).toBe('Terms');
    expect(html).not.toContain('<h1>');
    expect(html).toContain('<h2>One</h2>');
    expect(html).toContain('<li>a</li>');
    expect(html).toContain('<a href="/support">support</a>');
  });

  it('drops raw HTML that could run script, and javascript: links', () => {
    const { html } = renderMarkdown(
      '# X\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1))\n\n<a href="/x" onclick="alert(1)" style="color:red">y</a>\n\n<iframe src="https://evil.test"></iframe>',
    );
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<img|style=/i);
    expect(html).toContain('<a href="/x">y</a>');
  });

  it('marks links to other sites noopener', () => {
    expect(renderMarkdown('[a](https://example.org)').html).toContain('rel="noopener noreferrer nofollow"');
  });

  it('ships the three pages of the repository with their headings', () => {
    expect(markdownPage('termsAndConditions').title).toBe('Terms & Conditions');
    expect(markdownPage('privacyPolicy').title).toBe('Privacy Policy');
    expect(markdownPage('faq').title).toBe('Frequently Asked Questions');
    expect(markdownPage('faq').html).toContain('<h3>');
  });
});
