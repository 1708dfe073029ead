"""Where the noise of a review's loss comes from, on decisions whose label changed with the seed:
``python bench/label_noise.py [rules:players:number ...]``.

A loss is measured way by way: the play made and the best rival are played out on the same way the hidden cards
may lie, and the way's figure is the difference of their margins. Its spread decides how many ways a label needs.
For each decision (the ``number``-th with a choice at that table, as ``bench/labels.py`` finds and numbers them;
by default ones whose label changed in its last run), this draws ``--hands`` ways of dealing the other hands, each
with ``--stocks`` orders of the stock, and prints:

- the share of the spread that the other hands make (the rest is the stock's order): what drawing the hands in
  strata, or weighing every hand exactly, could at best take away;
- how much of it a linear fit on who is dealt which card (each other hand now, each seat's next two deals) explains
  on ways it was not fitted on: what a control variate built on those facts could take away;
- the fewer ways each would need for the same error, at best.
"""

from __future__ import annotations

import argparse

import numpy as np
from labels import decisions  # the label bench's decisions, numbered as it numbers them
from numba import njit

from trainer import PROFILES
from trainer.ai.batch import (
    _MASKS,
    _after_each_play,
    _deal_hidden,
    _scoring,
    compiled_position,
    margins_on_ways,
    playout_number,
)
from trainer.ai.game import COACH
from trainer.ai.view import View

#: Decisions whose label changed under the five seeds of the label bench's last run (``--most 16000``).
CHANGED = (
    "classic:2:14", "sevens:2:4", "escova:2:15", "turkish:2:13",
    "classic:4:15", "sevens:3:17", "cardgames:3:13", "turkish:3:10", "turkish:6:17",
)  # fmt: skip


@njit(cache=True)
def _nested_ways(  # type: ignore[no-untyped-def]
    unseen, seat, hand, counts, barred, order, stock_count, start, piles, escobas,
    cards, captures, hands_drawn, stocks, seed, hand_size, policy, exact, must_any, masks, scoring,
):  # fmt: skip
    """The way's difference (second play less first) on ``hands_drawn`` ways of dealing the hands, each with
    ``stocks`` orders of the stock; and each way's hands and stock."""
    np.random.seed(seed)
    side = seat % len(piles)
    ways = hands_drawn * stocks
    differences = np.zeros(ways)
    all_hands = np.zeros((ways, len(counts)), np.int64)
    all_stocks = np.zeros((ways, stock_count), np.int64)
    for drawn in range(hands_drawn):
        hands, stock = _deal_hidden(unseen, seat, hand, counts, barred, order, stock_count)
        for again in range(stocks):
            if again:
                np.random.shuffle(stock)
            way = drawn * stocks + again
            made, best = _after_each_play(
                hands, stock, start, piles, escobas, cards, captures, side, hand_size, policy, exact, must_any,
                masks, scoring,
            )  # fmt: skip
            differences[way] = best - made
            all_hands[way] = hands
            all_stocks[way] = stock
    return differences, all_hands, all_stocks


def dealt_to(hands: np.ndarray, stocks: np.ndarray, seat: int, hand_size: int) -> np.ndarray:
    """One column a card and a place: in each other hand now, or in each seat's share of the next two deals."""
    seats = hands.shape[1]
    columns = [(hands[:, other] >> card) & 1 for other in range(seats) if other != seat for card in range(40)]
    for share in range(min(2 * seats, stocks.shape[1] // hand_size)):  # a seat's cards of the next two deals
        cards = stocks[:, share * hand_size : (share + 1) * hand_size]
        columns += [(cards == card).any(axis=1) for card in range(40)]
    found = np.column_stack(columns).astype(float)
    return found[:, found.std(axis=0) > 0]


def held_out_fit(features: np.ndarray, differences: np.ndarray, stocks: int) -> float:
    """The share of the differences' spread a least-squares fit on the first half of the hands explains on the
    second half (whole hands kept to one half, as their stocks share a deal)."""
    half = (len(differences) // stocks // 2) * stocks
    design = np.column_stack([np.ones(len(features)), features])
    fit, *_ = np.linalg.lstsq(design[:half], differences[:half], rcond=None)
    left = differences[half:] - design[half:] @ fit
    return float(1 - left.var() / differences[half:].var())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("decisions", nargs="*", default=CHANGED, help="rules:players:number, as labels.py numbers")
    parser.add_argument("--hands", type=int, default=4000, help="ways of dealing the other hands")
    parser.add_argument("--stocks", type=int, default=8, help="orders of the stock for each")
    args = parser.parse_args()
    for named in args.decisions:
        rules_name, players, number = named.split(":")
        decision = decisions(PROFILES[rules_name], int(players), int(number) + 1)[int(number)]
        view, plays = View.of(decision.before), decision.before.legal_plays()
        rules = view.rules
        means = margins_on_ways(view, plays, 16_000, "best", COACH.infer, COACH.policy, exact=COACH.exact).mean(1)
        position = compiled_position(view, [decision.play, plays[int(means.argmax())]], COACH.infer)
        scoring = _scoring(rules.points, rules.in_place_of, rules.suit_prices)
        differences, hands, stocks = _nested_ways(
            *position, args.hands, args.stocks, 7, rules.profile.hand_size, playout_number(COACH.policy),
            COACH.exact, rules.must_any, _MASKS, scoring,
        )  # fmt: skip
        within = differences.reshape(args.hands, args.stocks).var(axis=1, ddof=1).mean()
        hands_share = 1 - within / differences.var()
        fitted = held_out_fit(dealt_to(hands, stocks, view.seat, rules.profile.hand_size), differences, args.stocks)
        print(
            f"{rules_name} {players}p #{number}: loss {differences.mean():.3f}, spread a way {differences.std():.2f}; "
            f"the other hands make {hands_share:.0%} of it (at best {1 / (1 - hands_share):.1f} times fewer ways), "
            f"who is dealt which card explains {fitted:.0%} (at best {1 / (1 - max(0.0, fitted)):.1f} times fewer)",
            flush=True,
        )


if __name__ == "__main__":
    main()
