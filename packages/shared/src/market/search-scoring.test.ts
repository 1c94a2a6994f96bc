import { describe, expect, it } from 'vitest';
import { scoreInstrument, searchInstruments } from './search-scoring.js';

const items = [
  { symbol: 'RELIANCE', name: 'Reliance Industries Ltd.', exchange: 'NSE', aliases: ['500325'] },
  { symbol: 'RELINFRA', name: 'Reliance Infrastructure Ltd.', exchange: 'NSE' },
  { symbol: 'TCS', name: 'Tata Consultancy Services Ltd.', exchange: 'NSE' },
  { symbol: 'TATASTEEL', name: 'Tata Steel Ltd.', exchange: 'NSE' },
  { symbol: 'META', name: 'Meta Platforms Inc.', exchange: 'NASDAQ' },
  { symbol: 'HINDALCO', name: 'Hindalco Industries Ltd.', exchange: 'NSE' },
];

describe('search scoring', () => {
  it('adds the symbol and name scores and the Indian bonus', () => {
    expect(scoreInstrument('TCS', items[2]!)).toBe(100 + 0 + 10);
    expect(scoreInstrument('RELIANCE', items[0]!)).toBe(100 + 40 + 10);
    expect(scoreInstrument('RELI', items[1]!)).toBe(50 + 40 + 10);
    expect(scoreInstrument('STEEL', items[3]!)).toBe(25 + 30 + 10);
    expect(scoreInstrument('META PLATFORMS INC.', items[4]!)).toBe(75);
    expect(scoreInstrument('PLATFORMS', items[4]!)).toBe(30);
    expect(scoreInstrument('ATFORM', items[4]!)).toBe(20);
    expect(scoreInstrument('500325', items[0]!)).toBe(110);
    expect(scoreInstrument('XYZ', items[0]!)).toBe(0);
  });

  it('lists Indian matches first, then by score, and needs 2 characters', () => {
    expect(searchInstruments('reliance.ns', items, 10).map((r) => r.symbol)).toEqual([
      'RELIANCE',
      'RELINFRA',
    ]);
    expect(searchInstruments('ta', items, 10).map((r) => r.symbol)).toEqual(['TATASTEEL', 'TCS', 'META']);
    expect(searchInstruments('industries', items, 1).map((r) => r.symbol)).toEqual(['HINDALCO']);
    expect(searchInstruments('r', items, 10)).toEqual([]);
  });
});
