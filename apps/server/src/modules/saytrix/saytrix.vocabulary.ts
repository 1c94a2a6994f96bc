/**
 * Words the grammar reads or that are plain English: never taken for a stock by symbol or by
 * fuzzy matching unless typed in capitals ("IDEA", "SAIL", "BSE").
 */
export const VOCABULARY = new Set(
  `a about above account add added after again ago ai alert alerts all also am an and any anything app are around as ask at available average avg
  balance band bank be bearish become been before being below best better between big biggest bo bonus bought broker brokerage bse bullish but buy buying by
  can cancel candle candles candlestick cap cash chart charts charge charges cheap check circuit close closed closing compare comparison concept cost costs could cr crore cross crosses crossed current
  daily dashboard data day days delete detail details did difference different do does doing down drop drops dropped duty
  each earn earned equity exchange expensive expert explain explanation
  falls fall fee fees fell fill filled find fine first for free from fund funds
  gain gained gainer gainers gains get give go goes going good gone got green gst gtc
  half has have help hello hey hi high highest history hit hits hold holding holdings hour hours how
  i if in index indices info information intraday into invest invested investment investments is it its it's
  just
  know
  lakh last latest less limit line list loser losers loss losses low lowest
  make many market markets me mean meaning mic minus mode money month months more most move movers moving much my
  name navigate need net new news next nifty no not notification notifications notify now nse number
  of off okay on one only open or order orders other our out over overview own owned
  p page paid paper past pe pending per percent performance performing period pl place please pnl point points portfolio position positions predict prediction price prices profile profit profits purchase put
  quantity quarter quote quotes
  rate ratio reach reaches reached recent red remove reserved return returns rise rises rising rose rupee rupees
  say sebi sell selling sells sensex session set settings share shares should show sip so sold some spent stamp status stock stocks stop stoploss stt summary sure switch
  take target tax taxes tell than thank thanks that the their them then there these they this those tick till time tip tips to today today's top total trade traded trades trading transaction transactions trend trigger type
  under up update us use used value vs
  want was watch watchlist watchlists way we week weekly well were what what's when where which while who why will with worth worst would
  year years yes yesterday you your
  namaste namaskar hello morning evening afternoon night good bye goodbye joke weather cricket movie song
  write poem story song capital country france india president prime minister love life food recipe time date idea size active match won lose win score sabse kya aur bhi nahi kaun kab kyun kahan phir wala please thanks power buying selling nifty50 banknifty niftybank niftyit sensex's volume volumes performance today yesterday`
    .split(/\s+/)
    .filter(Boolean),
);
