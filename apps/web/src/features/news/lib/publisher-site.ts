/**
 * The website of a news source named in the feed, for pointing a reader at the full text the
 * archive does not carry. Only sites known for certain: the archive's publishers by name, or a name
 * that is itself a domain. Anything else is null, and the reader is told so; never a guessed link.
 */
const KNOWN: Record<string, string | null> = {
  'the times of india': 'timesofindia.indiatimes.com',
  businessline: 'thehindubusinessline.com',
  'the hindu businessline': 'thehindubusinessline.com',
  livemint: 'livemint.com',
  mint: 'livemint.com',
  'economictimes.com': 'economictimes.indiatimes.com',
  'the economic times': 'economictimes.indiatimes.com',
  'business standard': 'business-standard.com',
  moneycontrol: 'moneycontrol.com',
  globenewswire: 'globenewswire.com',
  prnewswire: 'prnewswire.com',
  'financial post': 'financialpost.com',
  cna: 'channelnewsasia.com',
  'the tribune india': 'tribuneindia.com',
  '24/7 wall st.': '247wallst.com',
  'digital journal': 'digitaljournal.com',
  wccftech: 'wccftech.com',
  forbes: 'forbes.com',
  cnbc: 'cnbc.com',
  'dw (english)': 'dw.com',
  'the punch': 'punchng.com',
  'cbc news': 'cbc.ca',
  'the diplomat': 'thediplomat.com',
  'geeky gadgets': 'geeky-gadgets.com',
  '9to5toys': '9to5toys.com',
  'the conversation africa': 'theconversation.com',
  newsx: 'newsx.com',
  techcrunch: 'techcrunch.com',
  reuters: 'reuters.com',
  // Hosts of many unrelated blogs: searching them does not find the article's owner.
  'blogspot.com': null,
  'wordpress.com': null,
  'medium.com': null,
};

const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/;

export function publisherSite(source: string): string | null {
  const name = source.trim().toLowerCase();
  if (name in KNOWN) return KNOWN[name] ?? null;
  return DOMAIN.test(name) ? name.replace(/^www\./, '') : null;
}

/** A web search for the exact headline on the publisher's own site. */
export function publisherSearchUrl(site: string, title: string): string {
  return `https://duckduckgo.com/?${new URLSearchParams({ q: `site:${site} "${title}"` }).toString()}`;
}
