import { LOOKUP_TEMPLATES } from './corpus.templates.lookup.js';
import { TALK_TEMPLATES } from './corpus.templates.talk.js';

/**
 * Corpus templates per label ({s} stock, {n} quantity, {p} price, {amt} amount, {per} period,
 * {sec} sector, {page} screen, {city}, {crypto}, {food}, {team}, {concept}, {group}). Each label
 * is an intent of SAYTRIX_INTENTS except `clarify` (never a label: it is what a low score becomes).
 * Questions that look like orders are labelled by what they ask, never as buy/sell.
 * The two halves are joined in this order: the labels' order is the corpus's order.
 */
export const TEMPLATES: Record<string, readonly string[]> = { ...LOOKUP_TEMPLATES, ...TALK_TEMPLATES };
