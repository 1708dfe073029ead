"""Play: a match against the computer, a hint when wanted, and after each deal a review of every play."""

from datetime import UTC, datetime

import streamlit as st

from trainer.ai.game import LEARNER, Game, Reviewed, can_be_puzzle, endgame_yaml, points_lost, review
from trainer.app.board import board_rows, rows_html, score_markdown, seat_name
from trainer.app.common import ANSWER_CHARS, page, profile, rules, saving, store
from trainer.app.components import Pick, announce, card_table
from trainer.app.names import BOT_LEVELS, say
from trainer.deal import Deal, Event, EventKind
from trainer.plays import IllegalPlay, Play, parse_play
from trainer.progress.stats import plain
from trainer.progress.training import keep_game, unfinished_game
from trainer.puzzles.kinds import play_text
from trainer.text import plural

cards = page("Play")
SAVED = store()
PLAYER = profile(SAVED)
RULES = rules()
TABLES = {2: "Two players: you against the computer", 4: "Four players: you and a computer partner, against two"}


# -- state, changed only in callbacks --------------------------------------------------------


def start(players: int, level: str) -> None:
    """A new match by the learner's rule set, for the profile chosen now."""
    new_match()
    keep(Game.start(players, level, RULES))


def resume(number: int, game: Game) -> None:
    """Go on with the match the learner left."""
    new_match()
    st.session_state.game, st.session_state.game_number, st.session_state.game_owner = game, number, PLAYER


def keep(game: Game) -> None:
    """The match after an action: saved first (a play that cannot be saved is not made), then shown."""
    number = keep_game(SAVED, PLAYER, game, st.session_state.get("game_number"), datetime.now(UTC))
    st.session_state.game, st.session_state.game_number, st.session_state.game_owner = game, number, PLAYER


def new_match() -> None:
    """Leave the match (it is kept in the store as it stands, to go on with later) to start another."""
    for key in ("game", "game_owner", "game_number", "deal_review"):
        st.session_state.pop(key, None)
    clear_turn()


def clear_turn() -> None:
    for key in ("hint", "play_error", "play_text"):
        st.session_state.pop(key, None)


@saving
def computer_plays() -> None:
    """One computer play, shown before the next; a second press of the button, once it is no longer the
    computer's turn, does nothing."""
    game: Game = st.session_state.game
    if game.learner_to_play or game.deal.is_over:
        return
    keep(game.computer_turn())
    clear_turn()


def learner_plays(play: Play) -> None:
    game: Game = st.session_state.game
    if not game.learner_to_play:  # pressed again after the play was made
        return
    try:
        played = game.learner_plays(play)
    except IllegalPlay as error:
        st.session_state.play_error = f"Not allowed: {error}"
        return
    keep(played)
    clear_turn()


@saving
def play_pick(pick: Pick) -> None:
    """The card table's Play button: the hand card, then the table cards it takes."""
    card = pick.one("hand")
    if card is None:
        st.session_state.play_error = "Choose one card from your hand, then the table cards it takes, if any."
        return
    learner_plays(parse_play(" ".join([card, *pick.many("table")])))


@saving
def play_typed() -> None:
    try:
        play = parse_play(st.session_state.get("play_text", ""))
    except ValueError as error:
        st.session_state.play_error = f"That is not a play: {error}"
        return
    learner_plays(play)


def hint() -> None:
    """The best play now; a press that arrives once the turn has passed (during the review, say) does nothing."""
    game: Game | None = st.session_state.get("game")
    if game is not None and game.learner_to_play:
        st.session_state.hint = game.hint()


@saving
def next_deal() -> None:
    game: Game = st.session_state.game
    if game.deal.is_over and not game.match.is_over:
        keep(game.next_deal())
    clear_turn()


# -- drawing -------------------------------------------------------------------------------


def side_names(game: Game) -> list[str]:
    players, sides = game.match.players, game.match.sides
    return ["You and your partner" if players > sides else "You", "Computer"]


def review_deal(game: Game) -> list[Reviewed]:
    """Review the learner's plays of the deal just over, with a progress bar, and keep the match with its review."""
    bar = st.progress(0.0, text="Weighing each of your plays against the best one…")
    count = max(1, len(game.decisions))
    reviewed = review(game.decisions, progress=lambda done: bar.progress(done / count))
    bar.empty()
    keep(game.after_review(reviewed))
    return reviewed


def review_table(reviewed: list[Reviewed]) -> None:
    lines = [
        "| # | You played | Best play | Points lost | Label |",
        "| --- | --- | --- | --- | --- |",
    ]
    for number, r in enumerate(reviewed, start=1):
        same = r.best == r.decision.play
        lost = "—" if same else f"{r.loss:.2f} ± {r.error:.2f}"
        best = "the same" if same else say(play_text(r.best), cards)
        lines.append(f"| {number} | {say(play_text(r.decision.play), cards)} | {best} | {lost} | {r.label} |")
    st.markdown("\n".join(lines))
    labelled = [r for r in reviewed if r.label]
    total = points_lost(reviewed)
    st.caption(
        f"{plural(len(reviewed), 'play')} weighed; {total:.2f} points lost in all. A play is labelled an inaccuracy "
        "from 0.1 points lost, a mistake from 0.25, a blunder from 0.5, and only when the loss is more than twice "
        f"its uncertainty. {plural(len(labelled), 'play')} labelled."
    )


def puzzle_offers(reviewed: list[Reviewed], deal_number: int) -> None:
    """Each of the last plays, once every card was known, as an endgame puzzle file to keep or share."""
    numbered = [(number, r) for number, r in enumerate(reviewed, start=1) if can_be_puzzle(r.decision)]
    if not numbered:
        return
    with st.expander("Make one of your last plays a puzzle"):
        st.caption(
            "Once the stock is used up every card is known, and the engine can solve the rest of the deal exactly. "
            "Each file below is a puzzle that `escoba-trainer check` accepts; put it in the puzzles folder."
        )
        for number, r in numbered:
            name = f"endgame-deal{deal_number}-play{number}"
            st.download_button(
                f"Play {number} as a puzzle (YAML)",
                endgame_yaml(r.decision, name),
                file_name=f"{name}.yaml",
                mime="application/x-yaml",
                on_click="ignore",
                key=name,
            )


def replay(game: Game) -> None:
    """Step through the finished deal with every hand shown."""
    states = game.deal.states
    step = st.slider("Step through the deal, every hand shown", 0, len(states) - 1, len(states) - 1)
    shown = states[step]
    everyone = tuple(range(game.match.players))
    st.html(
        rows_html(
            board_rows(shown, cards, events=shown.events, face_up=everyone, me=game.learner_seat), cards, "Replay"
        )
    )


def setup() -> None:
    """Go on with the match left last, or choose the table and the computer's strength and start one."""
    if (left := unfinished_game(SAVED, PLAYER)) is not None:
        number, game = left
        totals = " – ".join(str(total) for total in game.match.totals)
        match = f"{' – '.join(side_names(game))}: {totals}, to {game.match.profile.target}"
        st.button(
            f"Go on with the match you left ({match}, against {BOT_LEVELS[game.level][0]})",
            on_click=resume,
            args=(number, game),
            type="primary",
        )
        st.caption(f"Rules: {game.match.profile.title}. Starting a new match below keeps this one as it stands.")
    st.write(
        f"A match to {RULES.target} points by the rules you chose ({RULES.title}). After each deal you see, for every "
        "one of your plays, the best play and how many points yours cost."
    )
    with st.form("new_match", border=False):
        tables = [p for p in TABLES if p in RULES.players]
        players = st.radio("Table", tables, format_func=TABLES.__getitem__, key="table")
        level = st.radio(
            "The computer plays",
            list(BOT_LEVELS),
            format_func=lambda key: ": ".join(BOT_LEVELS[key]),
            index=2,
            key="bot_level",
        )
        if st.form_submit_button("Start the match", type="secondary" if left else "primary"):
            start(int(players or 2), str(level))
            st.rerun()


def in_deal(game: Game) -> None:
    """The board; the learner's cards to play with a hint, or the computer's next play one at a time."""
    deal, me = game.deal, game.learner_seat
    rows = board_rows(deal, cards, events=deal.events, face_up=(me,), pick=game.learner_to_play, me=me)
    if not game.learner_to_play:
        played = [event for event in deal.events if event.kind is EventKind.PLAY]
        if played:
            st.caption(say(f"Last play, {play_said(deal, played[-1], me)}", cards))
        st.html(rows_html(rows, cards, "Escoba board"))
        waiting = seat_name(deal, deal.to_play or 0, me, cards)
        st.button(f"Next: {waiting} (computer) plays ▶", on_click=computer_plays, type="primary")
        return
    error = st.session_state.get("play_error")
    # Read out and focused as the learner's turn begins: what the other seats did meanwhile.
    since = "; ".join(play_said(deal, event, me) for event in game.plays_since_learner())
    turn = f"Since your last play: {since}. Your turn." if since else "You lead. Your turn."
    card_table(
        rows,
        key=f"play-{len(game.match.finished)}-{len(deal.plays)}",
        confirm="Play",
        on_confirm=play_pick,
        message=("error", say(error, cards)) if error is not None else ("info", say(turn, cards)),
    )
    with st.expander("Type your play instead"), st.form("typed_play", border=False):
        st.text_input(
            "Your play: the card you play, then the cards it takes (7d 8c), or just the card",
            key="play_text",
            max_chars=ANSWER_CHARS,
        )
        st.form_submit_button("Play what I typed", on_click=play_typed)
    if error is not None:
        announce(say(error, cards), "error", key="play-error")
    st.button("Hint: the best play now", on_click=hint)
    if (best := st.session_state.get("hint")) is not None:
        ahead = f"{best.margin:.2f} points ahead of" if best.margin >= 0 else f"{-best.margin:.2f} points behind"
        st.info(
            say(
                f"Best now: {play_text(best.play)}, which leaves your side {ahead} the other by the end of the deal "
                f"on average (± {best.error:.2f}).",
                cards,
            )
        )


def play_said(deal: Deal, event: Event, me: int) -> str:
    """A play in the learner's words: who, what, and whether it swept the table."""
    assert event.play is not None
    escoba = ", an escoba!" if event.escobas else ""
    return f"{seat_name(deal, event.seat or 0, me, cards)}: {play_text(event.play)}{escoba}"


def after_deal(game: Game) -> None:
    """The deal's points, the review of the learner's plays, a replay with every hand shown, and what next."""
    match = game.match
    st.header(f"Deal {len(match.finished)} is over")
    st.markdown(score_markdown(match.finished[-1].scores, side_names(game), cards))
    if game.review_due:
        st.session_state.deal_review = review_deal(game)
    st.subheader("Your plays, weighed")
    review_table(st.session_state.deal_review)
    puzzle_offers(st.session_state.deal_review, len(match.finished))
    replay(game)
    if not match.is_over:
        st.button("Next deal ▶", on_click=next_deal, type="primary")
        return
    why = " (a side that takes no card in a deal loses the match at once)" if match.shut_out is not None else ""
    if match.winner == LEARNER % match.sides:
        st.success(f"You won the match!{why}")
    else:
        st.info(f"The computer won this match{why}.")
    st.button("Start a new match", on_click=new_match, type="primary")


st.title("Play")
if "game" in st.session_state and st.session_state.game_owner.id != PLAYER.id:  # the profile changed mid-match
    owner = plain(st.session_state.game_owner.name)
    st.info(f"The match under way was {owner}'s; it is kept with that profile, to go on with there. Start one here.")
    new_match()
current: Game | None = st.session_state.get("game")
if current is None:
    setup()
else:
    totals = " – ".join(str(total) for total in current.match.totals)
    profile_of = current.match.profile
    st.markdown(f"**{' – '.join(side_names(current))}: {totals}**, to {profile_of.target} · {profile_of.title}")
    if current.deal.is_over:
        after_deal(current)
    else:
        in_deal(current)
    with st.expander("Every play of this deal"):
        st.markdown("\n".join(f"- {say(str(event), cards)}" for event in current.deal.log))
    if not current.match.is_over:
        st.button("Leave this match for another (it stays saved, to go on with later)", on_click=new_match)
