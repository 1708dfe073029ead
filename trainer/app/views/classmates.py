"""Play a classmate: open a table in a class, or sit at one a classmate opened or invited you to; play the match
with each seat seeing only its own hand, the other players' moves arriving within a second; after each deal, the
coach's review of your own plays."""

import time
from collections.abc import Callable
from datetime import timedelta

import streamlit as st

from trainer.ai.shared import NotYourTurn, SharedMatch
from trainer.app.board import score_markdown
from trainer.app.components import Pick, board_keys, keep_pace, kept_pace, seat_table
from trainer.app.names import BOT_LEVELS
from trainer.app.play_words import Refused, level_words, refused_words, review_caption, review_markdown
from trainer.app.profile_sidebar import profile, rules
from trainer.app.seat_table import deal_id, pick_rows, seat_table_data, since_learner
from trainer.app.settings import tr
from trainer.app.signin import club
from trainer.app.store_access import said_or_told, saving, store
from trainer.app.style import page
from trainer.app.table_words import person, result_words, seats_line, settings_words, side_names
from trainer.plays import IllegalPlay, parse_play
from trainer.profile import PROFILES
from trainer.progress import table_play
from trainer.progress.errors import NotYours
from trainer.progress.stats import plain
from trainer.progress.tables import SharedTable, StaleTable, TableSettings

cards = page("Play a classmate")
t = tr()
SAVED = store()
PLAYER = profile(SAVED)
RULES = rules()
#: How often a page at a table asks the store whether anything changed, and how often it says it is still there.
POLL, SEEN_EVERY = timedelta(seconds=1), 15.0
#: How often the list of tables is looked at again for new ones.
LOBBY_POLL = timedelta(seconds=3)


# -- actions, each one save ------------------------------------------------------------------


def at_table(number: int) -> None:
    """Show this table from now on."""
    st.session_state.table_id = number
    st.session_state.pop("table_trouble", None)


def act(action: Callable[[], object]) -> None:
    """Run one action at a table, once more if another page saved the table between its read and its save (two
    players pressing Next deal at once, say); what refused it is kept to be said when the page is drawn again."""
    st.session_state.pop("table_trouble", None)
    try:
        try:
            action()
        except StaleTable:
            action()  # it reads the table afresh (``now``): the rules judge it again there
    except (StaleTable, NotYourTurn):
        st.session_state.table_trouble = t.text("The table moved on before your action reached it: look again.")
    except IllegalPlay as error:
        st.session_state.table_trouble = refused_words(Refused(error), cards)
    except NotYours:
        st.session_state.table_trouble = t.text("That table is no longer open to you.")
        st.session_state.pop("table_id", None)
    except ValueError as error:
        st.session_state.table_trouble = said_or_told(error)


def now(number: int) -> SharedTable:
    """The table as it stands in the store: an action goes on from there, not from the page drawn before another
    player's move or reading."""
    return SAVED.table(PLAYER, number)


@saving
def open_table(class_id: int, settings: TableSettings, invited: int | None) -> None:
    act(lambda: at_table(SAVED.open_table(PLAYER, class_id, settings, invited).id))


def sit_down(number: int, seat: int) -> None:
    SAVED.sit(PLAYER, number, seat)
    at_table(number)


@saving
def sit(number: int, seat: int) -> None:
    act(lambda: sit_down(number, seat))


@saving
def stand_up(number: int) -> None:
    act(lambda: SAVED.stand_up(PLAYER, number))
    st.session_state.pop("table_id", None)


@saving
def start(number: int) -> None:
    act(lambda: table_play.start(SAVED, PLAYER, now(number)))


@saving
def play_pick(number: int, pick: Pick) -> None:
    if pick.one("hand") is None:
        st.session_state.table_trouble = refused_words(Refused(), cards)
        return
    act(lambda: table_play.play(SAVED, PLAYER, now(number), parse_play(pick.as_play())))


@saving
def step_away(number: int, away: bool) -> None:
    act(lambda: table_play.step_away(SAVED, PLAYER, now(number), away))


@saving
def stand_in_for(number: int, seat: int) -> None:
    act(lambda: table_play.stand_in_for(SAVED, PLAYER, now(number), seat))


@saving
def deal_read(number: int) -> None:
    act(lambda: table_play.deal_read(SAVED, PLAYER, now(number)))


def leave_finished() -> None:
    st.session_state.pop("table_id", None)


# -- the list of tables ----------------------------------------------------------------------


def lobby(tables: list[SharedTable]) -> None:
    """The invitations to the learner, the tables of their classes with free seats, and a form to open one."""
    invited = [table for table in tables if (held := table.seat_of(PLAYER.id)) is not None and not held.joined]
    for table in invited:
        with st.container(border=True):
            host = table.host
            st.markdown(
                t.text(
                    "**{name}** invites you to a table of {room}.",
                    name=plain(host.name if host else "?"),
                    room=plain(table.class_name),
                )
            )
            st.caption(settings_words(table.settings, cards))
            held = table.seat_of(PLAYER.id)
            left, right = st.columns(2)
            left.button(
                t.text("Sit down"),
                key=f"accept-{table.id}",
                type="primary",
                on_click=sit,
                args=(table.id, held.seat if held else 1),
            )
            right.button(t.text("No, thanks"), key=f"decline-{table.id}", on_click=stand_up, args=(table.id,))
    open_tables = [table for table in tables if table.seat_of(PLAYER.id) is None and table.free]
    st.subheader(t.text("Tables waiting for players"))
    if not open_tables:
        st.write(t.text("No classmate has a table waiting just now. Open one below, or wait here: new tables show up."))
    for table in open_tables:
        with st.container(border=True):
            host = table.host
            st.markdown(
                t.text(
                    "**{name}**'s table, {room}", name=plain(host.name if host else "?"), room=plain(table.class_name)
                )
            )
            st.caption(settings_words(table.settings, cards))
            for seat in table.free:
                st.button(seat_offer(table, seat), key=f"sit-{table.id}-{seat}", on_click=sit, args=(table.id, seat))
    new_table()


def seat_offer(table: SharedTable, seat: int) -> str:
    """A free seat as a button offers it: with four or six, whose partner it makes you."""
    sides = table.settings.profile.sides(table.settings.players)
    partners = [plain(held.name) for held in table.seats if held.joined and held.seat % sides == seat % sides]
    if partners and sides < table.settings.players:
        return t.text("Sit at seat {seat}, as {names}'s partner", seat=seat, names=t.items(partners))
    return t.text("Sit at seat {seat}", seat=seat)


def new_table() -> None:
    """The form that opens a table: the class, the rule set, its target and table, the computer's strength at the
    seats nobody takes, and whom to invite."""
    classes = SAVED.classmates(PLAYER)
    st.subheader(t.text("Open a table"))
    if not classes:
        st.info(t.text("Tables are for learners of a class: join one with its class code to play your classmates."))
        return
    names = {cid: name for cid, name, _ in classes}
    class_id = st.selectbox(t.text("Class"), list(names), format_func=lambda cid: plain(names[cid]), key="tbl_class")
    rule_names = list(PROFILES)
    chosen = st.selectbox(
        t.text("Rules"),
        rule_names,
        index=rule_names.index(RULES.name),
        format_func=lambda name: t.text(PROFILES[name].title),
        key="tbl_rules",
    )
    rule_set = PROFILES[str(chosen)]
    target = st.radio(
        t.text("Played to"),
        rule_set.targets,
        key=f"tbl_target_{chosen}",
        horizontal=True,
        format_func=lambda n: t.plural("{n} point", "{n} points", n),
    )
    players = st.radio(t.text("Players"), list(rule_set.players), key=f"tbl_players_{chosen}", horizontal=True)
    level = st.radio(
        t.text("The computer plays any seat nobody takes, as"),
        list(BOT_LEVELS),
        index=1,
        format_func=lambda key: level_words(key, t),
        key="tbl_level",
    )
    mates = dict(next(people for cid, _, people in classes if cid == class_id))
    invite = st.selectbox(
        t.text("Invite"),
        [0, *mates],  # 0: nobody in particular
        key=f"tbl_invite_{class_id}",
        format_func=lambda pid: plain(mates[pid]) if pid else t.text("anyone in the class"),
    )
    settings = TableSettings(str(chosen), int(target or rule_set.target), int(players or 2), str(level))
    chosen_class, invited = int(class_id or 0), int(invite or 0) or None
    st.button(t.text("Open the table"), type="primary", on_click=open_table, args=(chosen_class, settings, invited))


@st.fragment(run_every=LOBBY_POLL)
def lobby_watch(shown: tuple[tuple[int, int], ...]) -> None:
    """Draw the page again once a table is opened, taken or closed, or an invitation comes."""
    if tuple((table.id, table.version) for table in SAVED.tables(PLAYER)) != shown:
        st.rerun(scope="app")


# -- one table ---------------------------------------------------------------------------------


@st.fragment(run_every=POLL)
def table_watch(table: SharedTable) -> None:
    """Ask the store each second whether the table changed, and draw the page again if it did; every
    ``SEEN_EVERY`` seconds, say this player is still there."""
    now = time.time()
    if now - st.session_state.get("table_seen_at", 0.0) >= SEEN_EVERY:
        SAVED.seen_at_table(PLAYER, table.id, now)
        st.session_state.table_seen_at = now
    if SAVED.table_version(table.id) != table.version:
        st.rerun(scope="app")


def waiting_room(table: SharedTable) -> None:
    """A table not started: its seats, and for the learner who opened it the button that starts the match."""
    st.caption(settings_words(table.settings, cards))
    for seat in range(table.settings.players):
        held = table.seat_at(seat)
        if held is None:
            said = t.text("Seat {seat}: free (the computer, if nobody sits here)", seat=seat)
        elif not held.joined:
            said = t.text("Seat {seat}: {name}, invited", seat=seat, name=plain(held.name))
        else:
            said = t.text("Seat {seat}: {who}", seat=seat, who=person(table, seat, my_seat(table), cards))
        st.markdown(f"- {said}")
    host = table.host is not None and table.host.profile_id == PLAYER.id
    if host:
        sitting = sum(held.joined for held in table.seats)
        st.button(t.text("Start the match"), type="primary", disabled=sitting < 2, on_click=start, args=(table.id,))
        if sitting < 2:
            st.caption(t.text("You can start the match once a classmate sits down."))
        st.button(t.text("Close the table"), on_click=stand_up, args=(table.id,))
    else:
        st.write(t.text("Waiting for the learner who opened the table to start the match."))
        st.button(t.text("Leave the table"), on_click=stand_up, args=(table.id,))


def my_seat(table: SharedTable) -> int | None:
    held = table.seat_of(PLAYER.id)
    return held.seat if held is not None and held.joined else None


def playing(table: SharedTable, shared: SharedMatch, me: int) -> None:
    """The deal under way from the learner's seat: their hand face up, every other face down, and their cards to
    play on their turn; the computer steps in for anyone away."""
    st.caption(seats_line(table, shared, me, cards))
    deal, mine = shared.deal, shared.deal_seat(me)
    if me in shared.away:
        st.warning(t.text("The computer is playing your seat while you are away."))
        st.button(t.text("Take my seat back"), type="primary", on_click=step_away, args=(table.id, False))
    number = (len(shared.match.finished), len(deal.states))
    shown = st.session_state.get("table_shown")
    since = shown[1] - 1 if shown and shown[0] == number[0] and shown[1] <= number[1] else since_learner(deal, mine)
    st.session_state.table_shown = number
    turn = shared.to_play == me and me not in shared.away
    data = seat_table_data(deal, cards, me=mine, since=since, face_up=(mine,), pace=kept_pace())
    board_keys(t.text("Skip to the board"), focus=deal_id(deal))  # a new deal: the keyboard on its table
    seat_table(
        data,
        key=f"shared-{table.id}",
        rows=pick_rows(deal, mine) if turn else (),
        on_confirm=lambda pick: play_pick(table.id, pick),
        on_pace=keep_pace,
    )
    if (seat := shared.to_play) is not None and not turn:
        st.info(t.text("Waiting for {name} to play.", name=person(table, seat, me, cards)))
        held = table.seat_at(seat)
        if held is not None and held.joined and seat not in shared.away and table_play.seen_away(held):
            st.button(
                t.text("{name} seems to have gone: let the computer play for them", name=plain(held.name)),
                on_click=stand_in_for,
                args=(table.id, seat),
            )
    if me not in shared.away:  # on their turn too: the computer then plays it at once
        st.button(t.text("Let the computer play for me while I am away"), on_click=step_away, args=(table.id, True))


def deal_over(table: SharedTable, shared: SharedMatch, me: int) -> None:
    """The deal's points, the coach's review of the learner's own plays, and the next deal once everyone has read."""
    match = shared.match
    done = len(match.finished) - 1
    st.header(t.text("Deal {number} is over", number=done + 1))
    st.markdown(score_markdown(match.finished[-1].scores, side_names(table, shared, me, cards), cards))
    st.subheader(t.text("Your plays, weighed"))
    key = f"table_review_{table.id}_{done}"
    if key not in st.session_state:
        with st.spinner(t.text("Weighing each of your plays against the best one…")):
            st.session_state[key] = table_play.reviewed(table, PLAYER, done)
    reviewed = st.session_state[key]
    if reviewed:
        st.markdown(review_markdown(reviewed, cards))
        st.caption(review_caption(reviewed, cards))
    else:
        st.write(t.text("The computer made every play of your seat in this deal: there is nothing of yours to weigh."))
    if match.is_over:
        won, said = result_words(table, shared, me, cards)
        (st.success if won else st.info)(said)
        st.button(t.text("Back to the tables"), type="primary", on_click=leave_finished)
        return
    waiting = [held for held in table_play.waiting_for(table, shared) if held.seat != me]
    mine = table.seat_of(PLAYER.id)
    if mine is not None and mine.ready > done:
        names = t.items(plain(held.name) for held in waiting)
        st.info(t.text("Waiting for {names} to finish reading the deal.", names=names))
    else:
        st.button(t.text("Next deal ▶"), type="primary", on_click=deal_read, args=(table.id,))


def show(table: SharedTable) -> None:
    """One table as the learner sees it from their seat."""
    shared = table_play.shared_of(table)
    me = my_seat(table)
    if shared is None or me is None:
        st.subheader(t.text("Your table in {room}", room=plain(table.class_name)))
        waiting_room(table)
        return
    totals = " – ".join(str(total) for total in shared.match.totals)
    st.markdown(
        t.text(
            "**{sides}: {totals}**, to {target} · {rules}",
            sides=" – ".join(side_names(table, shared, me, cards)),
            totals=totals,
            target=shared.match.profile.target,
            rules=t.text(shared.match.profile.title),
        )
    )
    if shared.deal.is_over:
        deal_over(table, shared, me)
    else:
        playing(table, shared, me)


st.title(t.text("Play a classmate"))
if club() is None:
    st.info(
        t.text(
            "Classmates play each other on a club's server, where each signs in: this app keeps its profiles "
            "on this computer only. Play the computer on the Play page."
        )
    )
    st.stop()
if (trouble := st.session_state.pop("table_trouble", None)) is not None:
    st.warning(trouble)
TABLES = SAVED.tables(PLAYER)
mine = [table for table in TABLES if my_seat(table) is not None and not table.over]
wanted = st.session_state.get("table_id")
current = next((table for table in TABLES if table.id == wanted), None) or (mine[-1] if mine else None)
if current is None:
    st.write(
        t.text(
            "Play a match against your classmates, each at your own screen. After each deal, the coach "
            "weighs your own plays, as after a match against the computer."
        )
    )
    lobby(TABLES)
    lobby_watch(tuple((table.id, table.version) for table in TABLES))
else:
    st.session_state.table_id = current.id
    show(current)
    if not current.over:
        table_watch(current)
