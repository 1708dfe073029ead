"""Play: a match against the computer, a hint when wanted, and after each deal a review of every play."""

from datetime import UTC, datetime

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from trainer.ai.bots import Evaluation
from trainer.ai.game import Game, Reviewed, points_lost, reviewing
from trainer.app.board import score_markdown
from trainer.app.components import Pick, announce, board_keys, keep_pace, kept_pace, seat_table
from trainer.app.names import BOT_LEVELS, cards_name, sentence_name, typed, typing_help
from trainer.app.play_words import (
    Refused,
    event_words,
    hint_words,
    level_words,
    luck_caption,
    luck_words,
    match_over_words,
    match_score,
    refused_words,
    review_caption,
    review_markdown,
    side_names,
)
from trainer.app.profile_sidebar import profile, rules
from trainer.app.seat_table import deal_id, pick_rows, seat_table_data, since_learner
from trainer.app.settings import tr
from trainer.app.store_access import page_part, saving, store
from trainer.app.style import ANSWER_CHARS, page
from trainer.cards import CardError, Notation
from trainer.deal import EventKind
from trainer.plays import IllegalPlay, Play, parse_play
from trainer.profile import PROFILES, RuleProfile
from trainer.progress.errors import StaleMatch
from trainer.progress.homework import standing
from trainer.progress.stats import plain
from trainer.progress.training import keep_game, kept_game, unfinished_game
from trainer.puzzles.generate import can_be_puzzle, endgame_yaml
from trainer.text import marked

cards = page("Play")
t = tr()
SAVED = store()
PLAYER = profile(SAVED)
RULES = rules()
TABLES = {
    2: marked("Two players: you against the computer"),
    3: marked("Three players: you against two computers, each playing alone"),
    4: marked("Four players: you and a computer partner, against two"),
    6: marked("Six players: you and two computer partners, against three"),
}


# -- state, changed only in callbacks --------------------------------------------------------


def start(players: int, level: str, table_mode: bool = False, rules: RuleProfile | None = None) -> None:
    """A new match by the learner's rule set (or ``rules``, a homework's), played by its penalties if chosen (V5),
    for the profile chosen now."""
    new_match()
    keep(Game.start(players, level, (rules or RULES).with_options(penalties=table_mode)).until_learner())


def homework_match() -> None:
    """The match a homework link asks for (``?homework=``), as its teacher set it, if it is the learner's and not
    played yet: its rule set, table, target and computer strength, and a button to start it."""
    if not (wanted := st.query_params.get("homework")):  # a plain visit reads no homework
        return
    piece = next((p for p in SAVED.homework(PLAYER) if str(p.id) == wanted and p.kind == "match"), None)
    if piece is None or standing(SAVED, PLAYER, piece).next_item is None:
        return
    made = piece.settings
    rules = PROFILES[made.rules or RULES.name].with_options(target=made.target)
    players = made.players or 2
    with st.container(border=True):
        st.write(
            t.plural(
                "Homework due {due}: a match to {n} point by {rules}, {players} players, against {level}.",
                "Homework due {due}: a match to {n} points by {rules}, {players} players, against {level}.",
                rules.target,
                due=f"{piece.due:%Y-%m-%d}",
                rules=t.text(rules.title),
                players=players,
                level=t.text(BOT_LEVELS[piece.items[0]][0]),
            )
        )
        st.button(t.text("Start the homework match"), type="primary", on_click=start,
                  args=(players, piece.items[0], False, rules))  # fmt: skip


def resume(kept: tuple[int, int], game: Game) -> None:
    """Go on with the match the learner left, or with the one another tab went on with, as kept: the computer's
    plays up to the learner's turn made."""
    new_match()
    hold(game, kept)
    if not game.learner_to_play and not game.deal.is_over:
        keep(game.until_learner())


def keep(game: Game) -> None:
    """The match after an action: saved first (a play that cannot be saved is not made), then shown. A match that
    went on in another tab since this one saved it is not written over: the page says so instead."""
    number: int | None = st.session_state.get("game_number")
    held = None if number is None else (number, int(st.session_state.game_version))
    try:
        kept = keep_game(SAVED, PLAYER, game, held, datetime.now(UTC))
    except StaleMatch as stale:
        st.session_state.stale_match = stale.game
        return
    hold(game, kept)


def hold(game: Game, kept: tuple[int, int] | None) -> None:
    """The match this tab shows, with the number and version of its last save."""
    st.session_state.game, st.session_state.game_owner = game, PLAYER
    if kept is not None:
        st.session_state.game_number, st.session_state.game_version = kept


def new_match() -> None:
    """Leave the match (it is kept in the store as it stands, to go on with later) to start another."""
    for key in ("game", "game_owner", "game_number", "game_version", "stale_match", "deal_review"):
        st.session_state.pop(key, None)
    clear_turn()


def clear_turn() -> None:
    for key in ("hint", "hint_asked", "play_error", "play_text"):
        st.session_state.pop(key, None)


def learner_plays(play: Play) -> None:
    game: Game = st.session_state.game
    if not game.learner_to_play:  # pressed again after the play was made
        return
    try:
        played = game.learner_plays(play)
    except IllegalPlay as error:
        st.session_state.play_error = Refused(error)
        return
    keep(played.until_learner())  # the computer's replies, saved with the play; the table shows them one by one
    clear_turn()


@saving
def play_pick(pick: Pick) -> None:
    """The seat table's Play button: the hand card, then the table cards it takes."""
    if pick.one("hand") is None:
        st.session_state.play_error = Refused()
        return
    learner_plays(parse_play(pick.as_play()))


@saving
def play_typed(notation: Notation) -> None:
    """The typed play, its cards in ``notation``."""
    text = st.session_state.get("play_text", "")
    try:
        play = parse_play(text, notation)
    except CardError as error:  # InvalidPlay among them
        st.session_state.play_error = Refused(error, text)
        return
    learner_plays(play)


@saving
def claim(play: Play) -> None:
    """The learner claims a missed capture (V5); a press that arrives once the chance is gone does nothing."""
    game: Game = st.session_state.game
    if play in game.claims():
        keep(game.learner_claims(play))
        clear_turn()


def ask_hint() -> None:
    """The best play now, weighed as the page is drawn again (``hint_shown``), so the page can say the computer is
    thinking meanwhile."""
    st.session_state.hint_asked = True


@saving
def next_deal() -> None:
    game: Game = st.session_state.game
    if game.deal.is_over and not game.match.is_over:
        keep(game.next_deal().until_learner())
    clear_turn()


# -- drawing -------------------------------------------------------------------------------


def review_deal(game: Game, spot: DeltaGenerator) -> tuple[list[Reviewed], float | None]:
    """Review the learner's plays of the deal just over, listed in ``spot`` at once, each row filled in as soon as it
    is weighed, under a progress bar, then the deal's luck; keep the match with its review."""
    weighing = t.text("Weighing each of your plays against the best one…")
    bar = st.progress(0.0, text=weighing)
    reviewed: list[Reviewed] = []
    spot.markdown(review_markdown(reviewed, cards, game.decisions))
    for row in reviewing(game.decisions):
        reviewed.append(row)
        spot.markdown(review_markdown(reviewed, cards, game.decisions[len(reviewed) :]))
        bar.progress(len(reviewed) / len(game.decisions), text=weighing)
    luck = game.deal_luck()
    bar.empty()
    keep(game.after_review(reviewed, luck))
    if "stale_match" in st.session_state:
        st.rerun()
    return reviewed, luck


def luck_line(spot: DeltaGenerator, reviewed: list[Reviewed], luck: float | None) -> None:
    """The deal's luck beside the points the learner's plays lost, with how the luck is worked out."""
    if luck is not None:
        with spot.container():
            st.markdown(luck_words(luck, points_lost(reviewed), cards))
            st.caption(luck_caption(cards))


def review_table(spot: DeltaGenerator, reviewed: list[Reviewed]) -> None:
    with spot.container():
        st.markdown(review_markdown(reviewed, cards))
        st.caption(review_caption(reviewed, cards))


def puzzle_offers(reviewed: list[Reviewed], deal_number: int) -> None:
    """Each of the last plays, once every card was known, as an endgame puzzle file to keep or share."""
    numbered = [(number, r) for number, r in enumerate(reviewed, start=1) if can_be_puzzle(r.decision)]
    if not numbered:
        return
    with st.expander(t.text("Make one of your last plays a puzzle")):
        st.caption(
            t.text(
                "Once the stock is used up every card is known, and the engine can solve the rest of the deal "
                "exactly. Each file below is a puzzle that `escoba-trainer check` accepts; put it in the puzzles "
                "folder."
            )
        )
        for number, r in numbered:
            name = f"endgame-deal{deal_number}-play{number}"
            st.download_button(
                t.text("Play {number} as a puzzle (YAML)", number=number),
                endgame_yaml(r.decision, name),
                file_name=f"{name}.yaml",
                mime="application/x-yaml",
                on_click="ignore",
                key=name,
            )


def setup() -> None:
    """Go on with the match left last, or choose the table and the computer's strength and start one."""
    if (left := unfinished_game(SAVED, PLAYER)) is not None:
        kept, game = left
        st.button(
            t.text(
                "Go on with the match you left ({match}, against {level})",
                match=match_score(game, cards),
                level=t.text(BOT_LEVELS[game.level][0]),
            ),
            on_click=resume,
            args=(kept, game),
            type="primary",
        )
        st.caption(
            t.text(
                "Rules: {rules}. Starting a new match below keeps this one as it stands.",
                rules=t.text(game.match.profile.title),
            )
        )
    st.write(
        t.plural(
            "A match to {n} point by the rules you chose ({rules}). After each deal you see, for every one of your "
            "plays, the best play and how many points yours cost.",
            "A match to {n} points by the rules you chose ({rules}). After each deal you see, for every one of your "
            "plays, the best play and how many points yours cost.",
            RULES.target,
            rules=t.text(RULES.title),
        )
    )
    with st.form("new_match", border=False):
        tables = [p for p in TABLES if p in RULES.players]
        players = st.radio(t.text("Table"), tables, format_func=lambda p: t.text(TABLES[p]), key="table")
        level = st.radio(
            t.text("The computer plays"),
            list(BOT_LEVELS),
            format_func=lambda key: level_words(key, t),
            index=2,
            key="bot_level",
        )
        table_mode = RULES.penalties_allowed and st.checkbox(
            t.text("Table mode: a wrong capture stands and is penalised, a missed capture can be claimed (V5)"),
            key="table_mode",
        )
        if st.form_submit_button(t.text("Start the match"), type="secondary" if left else "primary"):
            start(int(players or 2), str(level), table_mode)
            st.rerun()


def went_on_elsewhere(number: int) -> None:
    """This tab's match was saved from another tab since: say so, and offer it as it stands now, or a new match if
    it is over."""
    found = kept_game(SAVED, PLAYER, number)
    if found is None:
        st.warning(t.text("This match went on in another tab and is over now. Nothing was saved from this tab."))
        st.button(t.text("Start a new match"), on_click=new_match, type="primary")
        return
    st.warning(t.text("This match went on in another tab. Nothing was saved from this tab."))
    st.button(t.text("Load the match as it now stands"), on_click=resume, args=found, type="primary")


def deal_over_table(game: Game) -> None:
    """The seat table at the end of a deal, every hand face up: its last plays shown moving, then every state of the
    deal to step through."""
    st.caption(t.text("Step through the deal, every hand shown"))
    deal, me = game.deal, game.learner_seat
    everyone = tuple(range(game.match.players))
    start = since_learner(deal, me)
    data = seat_table_data(deal, cards, me=me, since=0, face_up=everyone, pace=kept_pace(), replay=True, start=start)
    seat_table(data, key="table")


def claim_offers(game: Game) -> None:
    """A button for each missed capture the learner may claim now (V5), shown only while it can be claimed; once
    claimed, what the learner took, read out."""
    for play in game.claims():
        st.button(
            t.text(
                "Claim: take {cards} with {card} (the card laid down could have taken them)",
                cards=cards_name(sorted(play.captured), cards),
                card=sentence_name(play.card, cards),
            ),
            on_click=claim,
            args=(play,),
            key=f"claim-{play}",
        )
    last = game.deal.log[-1]
    if game.learner_to_play and last.kind is EventKind.CLAIM and last.play is not None:
        took = t.text(
            "Claimed: you took {cards} with {card}. Now play your card.",
            cards=cards_name(sorted(last.play.captured), cards),
            card=sentence_name(last.play.card, cards),
        )
        announce(took, "success", key="claimed")


def in_deal(game: Game) -> None:
    """The seat table: the plays since the learner's last shown one at a time, then the learner's cards to play, with
    a hint marked on them; above it, the claims open to the learner (V5). The table is drawn last, in its place, once
    a hint asked for is weighed: till then the one drawn before stays."""
    claim_offers(game)
    table_spot = st.container()
    typed_play()
    st.button(t.text("Hint: the best play now"), on_click=ask_hint)
    best = hint_shown(game)
    deal, me = game.deal, game.learner_seat
    hinted = (best.play.card, *best.play.captured) if best is not None else ()
    refused: Refused | None = st.session_state.get("play_error")
    since = since_learner(deal, me)
    data = seat_table_data(deal, cards, me=me, since=since, face_up=(me,), answer=hinted, pace=kept_pace())
    board_keys(t.text("Skip to the board"), focus=deal_id(deal))  # a new deal: the keyboard on its table
    with table_spot:
        seat_table(
            data,
            key="table",
            rows=pick_rows(deal, me),
            on_confirm=play_pick,
            on_pace=keep_pace,
            message=None if refused is None else ("error", refused_words(refused, cards)),
        )


def typed_play() -> None:
    """The play typed instead of picked on the table, folded away."""
    with st.expander(t.text("Type your play instead")), st.form("typed_play", border=False):
        st.text_input(
            t.text(
                "Your play: the card you play, then the cards it takes ({example}), or just the card",
                example=typed("7♦ J♣", cards),
            ),
            key="play_text",
            max_chars=ANSWER_CHARS,
        )
        st.caption(typing_help(cards))
        st.form_submit_button(t.text("Play what I typed"), on_click=play_typed, args=(cards.notation,))


def hint_shown(game: Game) -> Evaluation | None:
    """The hint, weighed now if it was just asked for (the page says the computer is thinking meanwhile), and shown;
    one asked for once the turn has passed (during the review, say) is not weighed."""
    spot = st.empty()
    if st.session_state.pop("hint_asked", False) and game.learner_to_play:
        spot.info(t.text("The computer is thinking…"))
        st.session_state.hint = game.hint()
    best: Evaluation | None = st.session_state.get("hint")
    if best is not None:
        spot.info(hint_words(best, cards))
    return best


def deal_log(game: Game) -> None:
    """Every event of the deal so far, in words, folded away."""
    with st.expander(t.text("Every play of this deal")):
        me = game.learner_seat
        st.markdown("\n".join(f"- {event_words(game.deal, event, me, cards)}" for event in game.deal.log))


@page_part
def playing() -> None:
    """The deal under way. A play, a claim, a hint or a pace reruns only this part of the page, so the table comes
    back sooner; once the deal is over (or the match went on in another tab) the whole page is drawn again."""
    game: Game | None = st.session_state.get("game")
    if game is None or game.deal.is_over or "stale_match" in st.session_state:
        st.rerun(scope="app")
    in_deal(game)
    deal_log(game)


def after_deal(game: Game) -> None:
    """The deal's points, the review of the learner's plays, and what next."""
    match = game.match
    st.header(t.text("Deal {number} is over", number=len(match.finished)))
    st.markdown(score_markdown(match.finished[-1].scores, side_names(game, cards), cards))
    luck_spot = st.empty()
    st.subheader(t.text("Your plays, weighed"))
    table_spot = st.empty()
    if game.review_due:
        st.session_state.deal_review = review_deal(game, table_spot)
    reviewed, luck = st.session_state.deal_review
    luck_line(luck_spot, reviewed, luck)
    review_table(table_spot, reviewed)
    puzzle_offers(reviewed, len(match.finished))
    if not match.is_over:
        st.button(t.text("Next deal ▶"), on_click=next_deal, type="primary")
        return
    won, said = match_over_words(game, cards)
    (st.success if won else st.info)(said)
    st.button(t.text("Start a new match"), on_click=new_match, type="primary")


st.title(t.text("Play"))
if "game" in st.session_state and st.session_state.game_owner.id != PLAYER.id:  # the profile changed mid-match
    owner = plain(st.session_state.game_owner.name)
    st.info(
        t.text(
            "The match under way was {name}'s; it is kept with that profile, to go on with there. Start one here.",
            name=owner,
        )
    )
    new_match()
if (stale := st.session_state.get("stale_match")) is not None:
    went_on_elsewhere(stale)
    st.stop()
current: Game | None = st.session_state.get("game")
if current is None:
    homework_match()
    setup()
else:
    totals = " – ".join(str(total) for total in current.match.totals)
    profile_of = current.match.profile
    st.markdown(
        t.text(
            "**{sides}: {totals}**, to {target} · {rules}",
            sides=" – ".join(side_names(current, cards)),
            totals=totals,
            target=profile_of.target,
            rules=t.text(profile_of.title),
        )
    )
    if current.deal.is_over:
        deal_over_table(current)
        after_deal(current)
        deal_log(current)
    else:
        playing()
    if not current.match.is_over:
        st.button(t.text("Leave this match for another (it stays saved, to go on with later)"), on_click=new_match)
