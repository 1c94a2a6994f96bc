import { describe, expect, it } from 'vitest';
import { escapeMarkdownText } from './saytrix.untrusted.js';

/** Every markdown special in the output is escaped by a backslash that is not itself escaped. */
function unescapedSpecials(text: string): string[] {
  const found: string[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === '\\') {
      i += 1;
      continue;
    }
    if ('`*_[]()!#<>|~{}'.includes(c)) found.push(c);
  }
  return found;
}

describe('escapeMarkdownText', () => {
  it('turns an image and a phishing link into literal text', () => {
    const out = escapeMarkdownText(
      '![x](https://evil.example/p.png) Verify your Nivesh account [here](https://evil.example/login)',
    );
    expect(out).not.toContain('![');
    expect(out).not.toContain('](http');
    expect(out).not.toContain('https://');
    expect(unescapedSpecials(out)).toEqual([]);
    // The words stay readable.
    expect(out).toContain('Verify your Nivesh account');
    expect(out.replace(/\\|\u200b/g, '')).toBe(
      '![x](https://evil.example/p.png) Verify your Nivesh account [here](https://evil.example/login)',
    );
  });

  it('neutralises script schemes, autolinks and inline HTML', () => {
    expect(escapeMarkdownText('javascript:alert(1)')).not.toMatch(/javascript:/i);
    expect(escapeMarkdownText('see www.evil.example now')).not.toContain('www.');
    expect(escapeMarkdownText('<https://evil.example>')).toBe('\\<https\u200b://evil.example\\>');
    expect(escapeMarkdownText('<img src=x onerror=alert(1)>')).toBe('\\<img src=x onerror=alert\\(1\\)\\>');
    expect(escapeMarkdownText('DATA:text/html;base64,xx')).not.toMatch(/data:/i);
  });

  it('collapses newlines so a title cannot start a heading, list or table row', () => {
    const out = escapeMarkdownText('Shares up\n# Heading\n\n- item\r\n| a | b |');
    expect(out).not.toMatch(/[\r\n]/);
    expect(out).toBe('Shares up \\# Heading - item \\| a \\| b \\|');
    expect(escapeMarkdownText('1. first')).toBe('1\\. first');
    expect(escapeMarkdownText('- dash')).toBe('\\- dash');
  });

  it('escapes emphasis, code, tables, strikethrough and backslashes', () => {
    expect(escapeMarkdownText('**bold** _it_ `code` ~~gone~~ a|b \\')).toBe(
      '\\*\\*bold\\*\\* \\_it\\_ \\`code\\` \\~\\~gone\\~\\~ a\\|b \\\\',
    );
  });

  it('drops control and bidi characters that hide text', () => {
    expect(escapeMarkdownText('TCS\u202e rises\u0007')).toBe('TCS rises');
  });

  it('leaves plain headline text as it is', () => {
    expect(escapeMarkdownText('Infosys Q2 profit rises 5% to ₹6,506 crore')).toBe(
      'Infosys Q2 profit rises 5% to ₹6,506 crore',
    );
  });
});
