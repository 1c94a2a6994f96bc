import {
  JOURNAL_LIMIT_MESSAGE,
  JOURNAL_MESSAGES,
  MAX_JOURNAL_ENTRIES_PER_USER,
  paiseToRupees,
  round2,
  rupeesToPaise,
  type CreateJournalEntryRequest,
  type JournalEntry,
  type JournalFill,
  type JournalListQuery,
  type JournalTagSummary,
  type UpdateJournalEntryRequest,
  plural,
} from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import type { AccountRef } from '../../db/account-id.js';
import { lockUserRow } from '../../db/user-row-lock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import type { InstrumentCatalog } from '../market/market-provider.js';
import type { FillRecord, FillsService } from '../portfolio/fills.service.js';
import { journalRepository, type JournalEntryInsert, type JournalEntryRow } from './journal.repository.js';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const minorToNumber = (minor: string | null) => (minor === null ? null : paiseToRupees(BigInt(minor)));

type LinkedFill = Pick<
  FillRecord,
  'id' | 'orderId' | 'symbol' | 'side' | 'quantity' | 'pricePaise' | 'feesPaise' | 'realizedPnlPaise'
> & { createdAt: Date | string };

function toFill(row: LinkedFill): JournalFill {
  return {
    id: row.id,
    orderId: row.orderId,
    ticker: row.symbol,
    type: row.side,
    quantity: row.quantity,
    price: paiseToRupees(row.pricePaise),
    fees: paiseToRupees(row.feesPaise),
    realizedPnl: row.side === 'SELL' ? paiseToRupees(row.realizedPnlPaise) : null,
    executedAt: iso(row.createdAt),
  };
}

export function toJournalEntry(row: JournalEntryRow): JournalEntry {
  const priceMinor = BigInt(row.price_minor);
  const fill =
    row.fill_id && row.f_order_id
      ? toFill({
          id: row.fill_id,
          orderId: row.f_order_id,
          symbol: row.f_symbol!,
          side: row.f_side!,
          quantity: row.f_quantity!,
          pricePaise: BigInt(row.f_price_paise!),
          feesPaise: BigInt(row.f_fees_paise!),
          realizedPnlPaise: BigInt(row.f_realized_pnl_paise!),
          createdAt: row.f_created_at!,
        })
      : null;
  return {
    id: row.id,
    _id: row.id,
    ticker: row.ticker,
    currency: row.currency,
    quantity: row.quantity,
    price: paiseToRupees(priceMinor),
    type: row.type,
    total: paiseToRupees(priceMinor * BigInt(row.quantity)),
    fillId: fill ? row.fill_id : null,
    fill,
    note: row.note,
    tags: row.tags,
    setup: row.setup,
    stop: minorToNumber(row.stop_minor),
    target: minorToNumber(row.target_minor),
    confidence: row.confidence,
    review: row.review,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

type Core = Pick<JournalEntryInsert, 'ticker' | 'currency' | 'quantity' | 'priceMinor' | 'type'>;
type Extras = Pick<
  JournalEntryInsert,
  'note' | 'tags' | 'setup' | 'stopMinor' | 'targetMinor' | 'confidence' | 'review'
>;

/** The trade journal: the user's own entries, optionally linked to their own fills. */
export class JournalService {
  constructor(
    private readonly db: Db,
    private readonly catalog: InstrumentCatalog,
    private readonly fills: FillsService,
  ) {}

  /** One portfolio's entries. */
  async list(who: AccountRef, query: JournalListQuery) {
    const filter = { tag: query.tag, type: query.type === 'all' ? undefined : query.type };
    const [rows, total] = await Promise.all([
      journalRepository.list(this.db, who, filter, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      }),
      journalRepository.count(this.db, who, filter),
    ]);
    return {
      trades: rows.map(toJournalEntry),
      pagination: {
        page: query.page,
        limit: query.limit,
        total,
        totalPages: Math.max(1, Math.ceil(total / query.limit)),
      },
    };
  }

  async get(who: AccountRef, id: string): Promise<JournalEntry> {
    const row = await journalRepository.findOwn(this.db, who, id);
    if (!row) throw notFound(JOURNAL_MESSAGES.notFound);
    return toJournalEntry(row);
  }

  /** An entry in the portfolio `who`; a linked fill must be that portfolio's. The cap is per user. */
  async create(who: AccountRef, body: CreateJournalEntryRequest): Promise<JournalEntry> {
    const { userId, accountId } = who;
    const fill = await this.findLink(who, body.fillId, body.orderId);
    const core = fill
      ? this.fromFill(fill, body)
      : this.manual(
          body as Required<Pick<CreateJournalEntryRequest, 'ticker' | 'quantity' | 'price' | 'type'>>,
        );
    const id = await this.saving(() =>
      this.db.transaction(async (tx) => {
        if (!(await lockUserRow(tx, userId))) throw notFound('User not found');
        if ((await journalRepository.countForUser(tx, userId)) >= MAX_JOURNAL_ENTRIES_PER_USER) {
          throw new AppError(409, 'CONFLICT', JOURNAL_LIMIT_MESSAGE);
        }
        return journalRepository.insert(tx, {
          userId,
          accountId,
          ...core,
          fillId: fill?.id ?? null,
          ...extras(body),
        });
      }),
    );
    return this.get(who, id);
  }

  async update(who: AccountRef, id: string, body: UpdateJournalEntryRequest): Promise<JournalEntry> {
    const existing = await journalRepository.findOwn(this.db, who, id);
    if (!existing) throw notFound(JOURNAL_MESSAGES.notFound);
    let fill: FillRecord | undefined;
    if (body.fillId) fill = await this.findLink(who, body.fillId, undefined);
    else if (body.fillId === undefined && existing.fill_id)
      fill = await this.fills.own(who.accountId, existing.fill_id);

    let core: Partial<Core>;
    if (fill) {
      core = this.fromFill(fill, body);
    } else {
      core = {};
      if (body.ticker !== undefined) Object.assign(core, this.resolveTicker(body.ticker));
      if (body.quantity !== undefined) core.quantity = body.quantity;
      if (body.price !== undefined) core.priceMinor = rupeesToPaise(body.price);
      if (body.type !== undefined) core.type = body.type;
    }
    const values: Partial<JournalEntryInsert> = { ...core, ...extras(body) };
    if (body.fillId !== undefined) values.fillId = fill?.id ?? null;
    await this.saving(() => journalRepository.updateOwn(this.db, who, id, values));
    return this.get(who, id);
  }

  async remove(who: AccountRef, id: string): Promise<void> {
    if (!(await journalRepository.deleteOwn(this.db, who, id))) throw notFound(JOURNAL_MESSAGES.notFound);
  }

  async tags(who: AccountRef): Promise<JournalTagSummary[]> {
    const rows = await journalRepository.tagSummary(this.db, who);
    return rows.map((r) => ({
      tag: r.tag,
      entries: Number(r.entries),
      closedTrades: Number(r.closed),
      wins: Number(r.wins),
      winRate: Number(r.closed) > 0 ? Math.round((Number(r.wins) / Number(r.closed)) * 1000) / 10 : null,
      realizedPnl: paiseToRupees(BigInt(r.realized_paise)),
    }));
  }

  /** What "Add to journal" pre-fills the form with. */
  async link(
    who: AccountRef,
    query: { fillId?: string | undefined; orderId?: string | undefined },
  ): Promise<JournalFill> {
    return toFill((await this.findLink(who, query.fillId, query.orderId))!);
  }

  /** The fill to link, from the portfolio's own account: another portfolio's fill is not found. */
  private async findLink(
    who: AccountRef,
    fillId: string | undefined,
    orderId: string | undefined,
  ): Promise<FillRecord | undefined> {
    if (fillId) {
      const fill = await this.fills.own(who.accountId, fillId);
      if (!fill) throw notFound(JOURNAL_MESSAGES.fillNotFound);
      return fill;
    }
    if (orderId) {
      // A resting, cancelled or rejected order has no fill to journal, just like another user's.
      const fill = await this.fills.ofOwnOrder(who.accountId, orderId);
      if (!fill) throw notFound('No filled order found');
      return fill;
    }
    return undefined;
  }

  /** A linked entry's facts are the fill's; anything sent alongside must agree with it. */
  private fromFill(
    fill: FillRecord,
    body: {
      ticker?: string | undefined;
      quantity?: number | undefined;
      price?: number | undefined;
      type?: 'BUY' | 'SELL' | undefined;
    },
  ): Core {
    const core: Core = {
      ticker: fill.symbol,
      currency: 'INR',
      quantity: fill.quantity,
      priceMinor: fill.pricePaise,
      type: fill.side,
    };
    const errors: Record<string, string> = {};
    if (body.ticker !== undefined && this.resolveTicker(body.ticker).ticker !== core.ticker)
      errors.ticker = `The linked fill is ${core.ticker}`;
    if (body.quantity !== undefined && body.quantity !== core.quantity)
      errors.quantity = `The linked fill is ${plural(core.quantity, 'share')}`;
    if (body.price !== undefined && rupeesToPaise(body.price) !== core.priceMinor) {
      errors.price = `The linked fill's price is ${round2(paiseToRupees(core.priceMinor)).toFixed(2)}`;
    }
    if (body.type !== undefined && body.type !== core.type) errors.type = `The linked fill is a ${core.type}`;
    if (Object.keys(errors).length > 0) throw badRequest(Object.values(errors)[0]!, errors);
    return core;
  }

  private manual(body: { ticker: string; quantity: number; price: number; type: 'BUY' | 'SELL' }): Core {
    return {
      ...this.resolveTicker(body.ticker),
      quantity: body.quantity,
      priceMinor: rupeesToPaise(body.price),
      type: body.type,
    };
  }

  /** Known tickers take their canonical symbol and currency; an off-app idea is kept as typed, in rupees. */
  private resolveTicker(input: string): Pick<Core, 'ticker' | 'currency'> {
    const instrument = this.catalog.resolve(input);
    if (instrument) return { ticker: instrument.symbol, currency: instrument.currency };
    return { ticker: input.trim().toUpperCase(), currency: 'INR' };
  }

  private async saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict(JOURNAL_MESSAGES.fillTaken, { fillId: JOURNAL_MESSAGES.fillTaken });
      throw error;
    }
  }
}

function extras(body: {
  note?: string | undefined;
  tags?: string[] | undefined;
  setup?: string | null | undefined;
  stop?: number | null | undefined;
  target?: number | null | undefined;
  confidence?: number | null | undefined;
  review?: string | undefined;
}): Partial<Extras> {
  const values: Partial<Extras> = {};
  if (body.note !== undefined) values.note = body.note;
  if (body.tags !== undefined) values.tags = body.tags;
  if (body.setup !== undefined) values.setup = body.setup ? body.setup : null;
  if (body.stop !== undefined) values.stopMinor = body.stop === null ? null : rupeesToPaise(body.stop);
  if (body.target !== undefined)
    values.targetMinor = body.target === null ? null : rupeesToPaise(body.target);
  if (body.confidence !== undefined) values.confidence = body.confidence;
  if (body.review !== undefined) values.review = body.review;
  return values;
}
