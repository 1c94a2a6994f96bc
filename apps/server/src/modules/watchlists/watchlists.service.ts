import {
  DEFAULT_WATCHLIST_NAME,
  MAX_WATCHLIST_ITEMS,
  MAX_WATCHLISTS_PER_USER,
  WATCHLIST_ITEMS_LIMIT_MESSAGE,
  WATCHLISTS_LIMIT_MESSAGE,
  type Watchlist,
} from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import { lockUserRow } from '../../db/user-row-lock.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import type { InstrumentCatalog } from '../market/market-provider.js';
import { watchlistsRepository, type WatchlistItemRow, type WatchlistRow } from './watchlists.repository.js';
import { isUniqueViolation } from '../../lib/db-errors.js';

/** Server-side watchlists: stored per user, so they follow the user across devices. */
export class WatchlistsService {
  constructor(
    private readonly db: Db,
    private readonly catalog: InstrumentCatalog,
  ) {}

  private toWatchlist(row: WatchlistRow, items: WatchlistItemRow[]): Watchlist {
    return {
      id: row.id,
      _id: row.id,
      name: row.name,
      description: row.description,
      isDefault: row.isDefault,
      createdAt: row.createdAt.toISOString(),
      stocks: items.map((item) => {
        const instrument = this.catalog.resolve(item.symbol);
        return {
          symbol: item.symbol,
          name: instrument?.name ?? item.symbol,
          sector: instrument?.sector ?? 'Unknown',
          addedAt: item.addedAt.toISOString(),
        };
      }),
    };
  }

  /** Every user has 'My Watchlist'; it is made on first use, for new and existing accounts alike. */
  async list(userId: string): Promise<Watchlist[]> {
    let rows = await watchlistsRepository.listForUser(this.db, userId);
    if (!rows.some((r) => r.isDefault)) {
      await watchlistsRepository
        .ensureDefault(this.db, userId, DEFAULT_WATCHLIST_NAME)
        .catch((error: unknown) => {
          // A user-made list already called 'My Watchlist' takes the name; it then simply has no default.
          if (!isUniqueViolation(error)) throw error;
        });
      rows = await watchlistsRepository.listForUser(this.db, userId);
    }
    const items = await watchlistsRepository.items(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((row) =>
      this.toWatchlist(
        row,
        items.filter((i) => i.watchlistId === row.id),
      ),
    );
  }

  private async one(userId: string, id: string): Promise<Watchlist> {
    const row = await watchlistsRepository.findOwn(this.db, userId, id);
    if (!row) throw notFound('Watchlist not found');
    return this.toWatchlist(row, await watchlistsRepository.items(this.db, [row.id]));
  }

  async create(userId: string, name: string, description = ''): Promise<Watchlist> {
    await this.list(userId);
    try {
      const row = await this.db.transaction(async (tx) => {
        if (!(await lockUserRow(tx, userId))) throw notFound('User not found');
        if ((await watchlistsRepository.listForUser(tx, userId)).length >= MAX_WATCHLISTS_PER_USER) {
          throw new AppError(409, 'CONFLICT', WATCHLISTS_LIMIT_MESSAGE);
        }
        return watchlistsRepository.insert(tx, { userId, name, description });
      });
      return this.toWatchlist(row, []);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict(`A watchlist named "${name}" already exists`, {
          name: `A watchlist named "${name}" already exists`,
        });
      }
      throw error;
    }
  }

  async remove(userId: string, id: string): Promise<void> {
    const row = await watchlistsRepository.findOwn(this.db, userId, id);
    if (!row) throw notFound('Watchlist not found');
    if (row.isDefault) throw new AppError(422, 'UNPROCESSABLE', 'The default watchlist cannot be deleted');
    await watchlistsRepository.deleteOwn(this.db, userId, id);
  }

  async add(
    userId: string,
    watchlistId: string,
    symbolInput: string,
  ): Promise<{ watchlist: Watchlist; symbol: string }> {
    const row = await watchlistsRepository.findOwn(this.db, userId, watchlistId);
    if (!row) throw notFound('Watchlist not found');
    const instrument = this.resolve(symbolInput);
    const added = await this.db.transaction(async (tx) => {
      if (!(await lockUserRow(tx, userId))) throw notFound('User not found');
      if ((await watchlistsRepository.items(tx, [row.id])).length >= MAX_WATCHLIST_ITEMS) {
        throw new AppError(409, 'CONFLICT', WATCHLIST_ITEMS_LIMIT_MESSAGE);
      }
      return watchlistsRepository.addItem(tx, row.id, instrument.symbol);
    });
    if (!added) throw conflict(`${instrument.symbol} is already in this watchlist.`);
    return { watchlist: await this.one(userId, row.id), symbol: instrument.symbol };
  }

  async removeSymbol(userId: string, watchlistId: string, symbolInput: string) {
    const row = await watchlistsRepository.findOwn(this.db, userId, watchlistId);
    if (!row) throw notFound('Watchlist not found');
    const symbol = this.catalog.resolve(symbolInput)?.symbol ?? symbolInput.trim().toUpperCase();
    if (!(await watchlistsRepository.removeItem(this.db, row.id, symbol))) {
      throw notFound('Stock not found in this watchlist.');
    }
    return { watchlist: await this.one(userId, row.id), symbol };
  }

  private resolve(input: string) {
    const instrument = this.catalog.resolve(input);
    if (!instrument) {
      if (!/^[A-Za-z0-9&^.\- ]{1,30}$/.test(input.trim()))
        throw badRequest(`Invalid stock symbol: ${input}`, { symbol: `Invalid stock symbol: ${input}` });
      throw notFound('Stock not found');
    }
    return instrument;
  }
}
