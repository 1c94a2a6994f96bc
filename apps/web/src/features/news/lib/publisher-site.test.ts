import { describe, expect, it } from 'vitest';
import { publisherSite, publisherSearchUrl } from './publisher-site';

describe('publisherSite', () => {
  it('knows the archive’s publishers by name and reads a name that is a domain', () => {
    expect(publisherSite('The Times of India')).toBe('timesofindia.indiatimes.com');
    expect(publisherSite('BusinessLine')).toBe('thehindubusinessline.com');
    expect(publisherSite('Livemint')).toBe('livemint.com');
    expect(publisherSite('Economictimes.com')).toBe('economictimes.indiatimes.com');
    expect(publisherSite('OilPrice.com')).toBe('oilprice.com');
    expect(publisherSite('FDA.gov')).toBe('fda.gov');
  });

  it('gives no site for a name it cannot place, rather than a guessed one', () => {
    expect(publisherSite('Some Local Weekly')).toBeNull();
    // A blog host is not a publisher: searching it would not find the article's owner.
    expect(publisherSite('Blogspot.com')).toBeNull();
  });
});

describe('publisherSearchUrl', () => {
  it('searches the publisher’s own site for the exact headline', () => {
    const url = new URL(
      publisherSearchUrl('timesofindia.indiatimes.com', 'Infosys Q1 profit slips 8.6% QoQ'),
    );
    expect(url.origin).toBe('https://duckduckgo.com');
    expect(url.searchParams.get('q')).toBe(
      'site:timesofindia.indiatimes.com "Infosys Q1 profit slips 8.6% QoQ"',
    );
  });
});
