import type { Locator, Page } from '@playwright/test';

/** /news: the filters, the search box, the cards and the Bookmarks view. */
export class NewsPage {
  readonly cards: Locator;
  readonly search: Locator;

  constructor(readonly page: Page) {
    this.cards = page.getByTestId('news-card');
    this.search = page.getByRole('searchbox', { name: 'Search news' }).or(page.getByLabel('Search news'));
  }

  async goto(query = '') {
    await this.page.goto(`/news${query}`);
  }

  category(name: string): Locator {
    return this.page
      .getByRole('group', { name: 'Categories' })
      .getByRole('button', { name: new RegExp(`^${name}`) });
  }

  bookmarksButton(): Locator {
    return this.page.getByRole('button', { name: 'Bookmarks', exact: true });
  }

  card(title: string | RegExp): Locator {
    return this.cards.filter({ hasText: title });
  }
}
