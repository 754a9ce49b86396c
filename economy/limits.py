"""The bounds on money (issue 10: overflows), in integer sesterces.

- MAX_POSTING: the most any amount a user types may be (an opening chest or purse, a price, a
  funding), and the most one posting made from it moves. The forms say so; the services refuse
  more, naming the field.
- MAX_STAKE: the largest stake, so that the longest price of the book's ladder (100 to 1)
  pays a winner at most MAX_POSTING.
- MAX_ENTRY: the ledger's own bound on one entry, whatever wrote it. A book's settlement sums
  many bets into the bookmaker's leg, so it may pass MAX_POSTING; no leg passes MAX_ENTRY.
  `economy.ledger.transaction_post` refuses a larger leg, and so do the database triggers
  (migration 0003), even for a row written by loaddata.

No balance overflows a signed 64-bit SUM: every sesterce enters the campaign through a posting
of at most MAX_POSTING (or a bet's winnings, at most as much), so an account would need more
than 9 * 10^9 of them.
"""

MAX_POSTING = 10**9  # sesterces (1,250,000 purses)
LONGEST_ODDS = 100  # the ladder's longest price, 100 to 1 (economy.odds_lines.LADDER)
MAX_STAKE = MAX_POSTING // (LONGEST_ODDS + 1)  # 9,900,990 sesterces
MAX_ENTRY = 10**15  # sesterces, the most one ledger entry may move
