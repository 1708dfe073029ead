"""Classes: a teacher's classes on a club's server, each with its learners, homework, news and settings; the classes
archived at the end of a term come last."""

import dataclasses
from collections.abc import Callable
from datetime import UTC, datetime, time, timedelta
from typing import TypeVar

import streamlit as st

from trainer.app.clients import client
from trainer.app.clock import moment
from trainer.app.course_and_bank import bank, course, level_place
from trainer.app.names import BOT_LEVELS, say
from trainer.app.navigation import pages
from trainer.app.play_words import level_words
from trainer.app.profile_sidebar import profile
from trainer.app.progress_words import news_byline
from trainer.app.settings import tr
from trainer.app.sign_in_cards import cards_html, server_address
from trainer.app.signin import club, secrets, wait_notice
from trainer.app.store_access import said_or_told, saving, store
from trainer.app.style import page
from trainer.app.topics import topic
from trainer.profile import PROFILES
from trainer.progress import accounts, homework
from trainer.progress.classes import LearnerRow, class_csv, class_table, ordered, table_csv
from trainer.progress.model import NO_SETTINGS, Assignment, Classroom, HomeworkSettings, Learner
from trainer.progress.stats import plain
from trainer.progress.store import CO_CODE_LENGTH, NAME_LENGTH, NEWS_LENGTH, ProgressStore
from trainer.puzzles.catalog import THEMES

T = TypeVar("T")
VIEW = page("Classes")
t = tr()
SAVED = store()
PLAYER = profile(SAVED)


def tried(room: Classroom, refusal: str, action: Callable[[], T]) -> T | None:
    """What a class action returns, the class kept open; None if it was refused, and why is kept under
    ``refusal`` and the class's id for the page to say."""
    st.session_state.opened_class = room.id
    try:
        return action()
    except (ValueError, PermissionError) as error:
        said = said_or_told(error) if isinstance(error, ValueError) else str(error)
        st.session_state[f"{refusal}_{room.id}"] = said
        return None


@saving
def make_class(saved: ProgressStore, teacher: Learner) -> None:
    try:
        made = saved.create_class(teacher, st.session_state.get("class_name", ""))
    except ValueError as error:
        st.session_state.class_error = said_or_told(error)
    else:
        st.session_state.opened_class = made.id
        st.session_state.class_name = ""


@saving
def add_learner(saved: ProgressStore, teacher: Learner, room: Classroom) -> None:
    state = st.session_state
    name, password = state.get(f"new_name_{room.id}", ""), state.pop(f"new_password_{room.id}", "")
    made = tried(room, "member_error", lambda: accounts.add_learner(saved, teacher, room.id, name, password))
    if made is not None:
        state[f"handed_{room.id}"] = (made[0].name, made[1])
        state[f"new_name_{room.id}"] = ""


@saving
def new_password(saved: ProgressStore, teacher: Learner, room: Classroom, learner: Learner) -> None:
    password = tried(room, "member_error", lambda: accounts.reset_password(saved, teacher, room.id, learner))
    if password is not None:
        st.session_state[f"handed_{room.id}"] = (learner.name, password)


@saving
def take_out(saved: ProgressStore, teacher: Learner, room: Classroom, learner: Learner) -> None:
    def out() -> str:
        saved.remove_learner(teacher, room.id, learner)
        return learner.name

    if (name := tried(room, "member_error", out)) is not None:
        st.session_state[f"taken_out_{room.id}"] = name


def take_out_part(room: Classroom, members: list[Learner]) -> None:
    """Taking a learner out of the class, once the teacher says they are sure: signed out everywhere, and one the
    teacher added (who signs in by a password of this class) deleted with their progress."""
    if (name := st.session_state.pop(f"taken_out_{room.id}", None)) is not None:
        st.success(t.text("{name} is out of the class.", name=plain(name)))
    if not members:
        return
    with st.expander(t.text("Take a learner out of the class")):
        names = {learner.id: learner for learner in members}
        chosen = st.selectbox(
            t.text("Learner"), list(names), format_func=lambda pid: names[pid].name, key=f"out_{room.id}"
        )
        sure = st.checkbox(
            t.text("I am sure: they are signed out, and one I added here is deleted with all their progress."),
            key=f"out_sure_{room.id}",
        )
        st.button(
            t.text("Take out of the class"),
            disabled=not sure,
            key=f"out_button_{room.id}",
            on_click=take_out,
            args=(SAVED, PLAYER, room, names[int(chosen)]),
        )


def _cell(value: object) -> str:
    """A figure as the table shows it: a blank as a dash, a time to the minute, a name as plain text."""
    if value is None:
        return "–"
    if isinstance(value, datetime):
        return f"{value:%Y-%m-%d %H:%M}"
    return plain(str(value))


def progress_table(room: Classroom, rows: list[LearnerRow]) -> None:
    """Each learner's figures, in the order of any column (a table read out by screen readers, unlike a canvas
    grid), and the same with every theme's share right as CSV."""
    headers = [
        t.text("Learner"),
        t.text("Levels done"),
        t.text("Stars"),
        t.text("Rating"),
        t.text("Puzzles answered"),
        t.text("Right (%)"),
        t.text("Weak spot"),
        t.text("Reviews due"),
        t.text("Matches"),
        t.text("Points lost per play"),
        t.text("Last active"),
    ]
    columns: list[list[object]] = [
        [row.learner.name for row in rows],
        [row.levels_done for row in rows],
        [row.stars for row in rows],
        [None if row.rating is None else round(row.rating) for row in rows],
        [row.answers for row in rows],
        [None if row.percent_right is None else round(row.percent_right) for row in rows],
        [None if row.weak_spot is None else topic(row.weak_spot.name, t) for row in rows],
        [row.reviews_due for row in rows],
        [row.matches for row in rows],
        [None if row.lost_per_play is None else round(row.lost_per_play, 2) for row in rows],
        [row.last_active for row in rows],
    ]
    sort, order = st.columns(2, vertical_alignment="bottom")
    by = sort.selectbox(t.text("Sort by"), range(len(headers)), format_func=headers.__getitem__, key=f"by_{room.id}")
    descending = order.toggle(t.text("Highest or latest first"), key=f"descending_{room.id}")
    shown = ordered(columns, by, descending)
    st.table({header: [_cell(value) for value in column] for header, column in zip(headers, shown, strict=True)})
    st.download_button(
        t.text("Download as CSV"),
        lambda: class_csv(rows, headers),  # made when clicked, for this teacher's session alone
        file_name=f"{room.code}.csv",
        mime="text/csv",
        on_click="ignore",
        key=f"csv_{room.id}",
    )


def homework_words(homework: Assignment) -> str:
    """A piece of homework in a line: what, how much, and when it is due."""
    due = f"{homework.due:%Y-%m-%d}"
    if homework.kind == "puzzles":
        return t.plural("{n} puzzle, due {due}", "{n} puzzles, due {due}", len(homework.items), due=due)
    if homework.kind == "levels":
        return t.plural("{n} course level, due {due}", "{n} course levels, due {due}", len(homework.items), due=due)
    name, _ = BOT_LEVELS[homework.items[0]]
    return t.text("A match against {level}, due {due}", level=t.text(name), due=due)


def homework_fields(room: Classroom, key: str, members: list[Learner], was: Assignment | None = None) -> str:
    """The fields of a piece of homework: its kind (fixed when changing ``was``), what its kind needs, whom it is
    for and when it is due, each filled from ``was`` if given; returns its kind."""
    kinds = {"puzzles": t.text("Puzzles"), "levels": t.text("Course levels"), "match": t.text("A match")}
    if was is None:
        kind = st.radio(t.text("Set"), list(kinds), format_func=kinds.__getitem__, horizontal=True, key=f"{key}_kind")
    else:
        kind = was.kind
    made = was.settings if was is not None else NO_SETTINGS
    if kind in ("puzzles", "match"):
        names = list(PROFILES)
        rules = made.rules or st.session_state.rules.name
        st.selectbox(t.text("Rule set"), names, index=names.index(rules), format_func=lambda name:
                     t.text(PROFILES[name].title), key=f"{key}_rules")  # fmt: skip
    if kind == "puzzles":
        themes = ["any", *sorted(THEMES)]
        st.selectbox(t.text("Theme"), themes, index=themes.index(made.theme or "any"), key=f"{key}_theme",
                     format_func=lambda th: t.text("any") if th == "any" else topic(th, t))  # fmt: skip
        st.selectbox(t.text("Level"), [0, 1, 2, 3, 4, 5], index=made.level or 0, key=f"{key}_level",
                     format_func=lambda n: str(n) if n else t.text("any"))  # fmt: skip
        count = len(was.items) if was is not None else 10
        st.number_input(t.text("How many"), min_value=1, max_value=30, value=count, key=f"{key}_count")
    elif kind == "levels":
        titles = {level.id: level_place(level, t) for level in course()}  # numbered within its track
        st.multiselect(t.text("Levels"), list(titles), default=[item for item in (was.items if was else ()) if
                       item in titles], format_func=titles.__getitem__, key=f"{key}_levels")  # fmt: skip
    else:
        strengths = list(BOT_LEVELS)
        st.radio(t.text("Against"), strengths, index=strengths.index(was.items[0]) if was else 0, key=f"{key}_strength",
                 format_func=lambda level: level_words(level, t))  # fmt: skip
        profile = PROFILES[st.session_state[f"{key}_rules"]]
        tables = list(profile.players)
        st.radio(t.text("Table"), tables, index=tables.index(made.players) if made.players in tables else 0,
                 format_func=lambda n: t.plural("{n} player", "{n} players", n), horizontal=True,
                 key=f"{key}_players")  # fmt: skip
        targets = list(profile.targets)
        st.radio(t.text("To how many points"), targets, index=targets.index(made.target) if made.target in targets
                 else 0, horizontal=True, key=f"{key}_target")  # fmt: skip
    everyone = {learner.id: learner.name for learner in members}
    chosen = [pid for pid in (was.learners if was else ()) if pid in everyone]
    st.multiselect(t.text("For (leave empty for the whole class)"), list(everyone), default=chosen,
                   format_func=everyone.__getitem__, key=f"{key}_for")  # fmt: skip
    due = was.due.date() if was is not None else moment().date() + timedelta(days=7)
    st.date_input(t.text("Due"), value=due, key=f"{key}_due")
    return kind


def homework_from(key: str, kind: str, room: Classroom, was: Assignment | None = None) -> Assignment:
    """The homework the fields of ``key`` describe, for ``room``: a puzzle set is drawn again only if what it is
    drawn on changed; ValueError (said) if no puzzle matches."""
    state = st.session_state
    due = datetime.combine(state[f"{key}_due"], time(23, 59), UTC)
    learners = tuple(int(pid) for pid in state[f"{key}_for"])
    if kind == "levels":
        items, settings = tuple(state[f"{key}_levels"]), NO_SETTINGS
    elif kind == "match":
        players, target = int(state[f"{key}_players"]), int(state[f"{key}_target"])
        items, settings = (state[f"{key}_strength"],), HomeworkSettings(state[f"{key}_rules"], players, target)
    else:
        theme, level = state[f"{key}_theme"], state[f"{key}_level"]
        settings = HomeworkSettings(state[f"{key}_rules"], theme=None if theme == "any" else theme, level=level or None)
        count = int(state[f"{key}_count"])
        if was is not None and was.settings == settings and len(was.items) == count:
            items = was.items
        else:
            items = homework.choose_puzzles(bank().values(), count, settings.theme, settings.rules, settings.level)
    if was is not None:
        return dataclasses.replace(was, items=items, due=due, settings=settings, learners=learners)
    return Assignment(0, room.id, kind, items, due, datetime.now(UTC), settings, learners)


@saving
def set_homework(saved: ProgressStore, teacher: Learner, room: Classroom) -> None:
    key = f"hw_{room.id}"

    def made() -> Assignment:
        new = homework_from(key, st.session_state[f"{key}_kind"], room)
        return saved.assign(teacher, room.id, new.kind, new.items, new.due, new.settings, new.learners)

    if (set_now := tried(room, "hw_error", made)) is not None:
        st.session_state[f"hw_results_{room.id}"] = set_now.id


@saving
def change_homework(saved: ProgressStore, teacher: Learner, room: Classroom, was: Assignment) -> None:
    key = f"hw_{room.id}_{was.id}"
    tried(room, "hw_error", lambda: saved.change_assignment(teacher, homework_from(key, was.kind, room, was)))


@saving
def delete_homework(saved: ProgressStore, teacher: Learner, room: Classroom, was: Assignment) -> None:
    tried(room, "hw_error", lambda: saved.delete_assignment(teacher, was))


def homework_part(room: Classroom, members: list[Learner]) -> None:
    """Homework: a new piece to set, then how each learner did on the one chosen, item by item, and that piece to
    change, move or delete."""
    homework_fields(room, f"hw_{room.id}", members)
    st.button(t.text("Set the homework"), key=f"hw_set_{room.id}", on_click=set_homework, args=(SAVED, PLAYER, room))
    if (error := st.session_state.pop(f"hw_error_{room.id}", None)) is not None:
        st.error(plain(error))
    if not (set_already := SAVED.class_assignments(PLAYER, room.id)):
        return
    by_id = {piece.id: piece for piece in set_already}
    number = st.selectbox(t.text("Results of"), list(by_id), format_func=lambda n: homework_words(by_id[n]),
                          key=f"hw_results_{room.id}")  # fmt: skip
    chosen = by_id.get(number, set_already[0])
    done = homework.results(SAVED, PLAYER, chosen)
    grid = results_grid(chosen, done)
    st.table(grid)
    st.download_button(t.text("Download as CSV"), lambda: table_csv(grid), file_name=f"{room.code}-homework.csv",
                       mime="text/csv", on_click="ignore", key=f"hw_csv_{room.id}")  # fmt: skip
    by_item = [[row.items[number] for row in done] for number in range(len(chosen.items))]
    items = {
        t.text("Item"): [f"{number}\\. {plain(words)}" for number, words in enumerate(item_words(chosen), start=1)],
        t.text("Done"): [str(sum(result.done for result in column)) for column in by_item],
    }
    if chosen.kind == "puzzles":  # a level or a match is done or not; only a puzzle is right or wrong
        items[t.text("Right")] = [str(sum(bool(result.right) for result in column)) for column in by_item]
    st.table(items)
    with st.expander(t.text("Change, move or delete this homework")):
        homework_fields(room, f"hw_{room.id}_{chosen.id}", members, chosen)
        st.button(t.text("Save the changes"), key=f"hw_change_{chosen.id}", on_click=change_homework,
                  args=(SAVED, PLAYER, room, chosen))  # fmt: skip
        sure = st.checkbox(t.text("I am sure: delete this homework (what learners did stays theirs)."),
                           key=f"hw_sure_{chosen.id}")  # fmt: skip
        st.button(t.text("Delete the homework"), disabled=not sure, key=f"hw_delete_{chosen.id}",
                  on_click=delete_homework, args=(SAVED, PLAYER, room, chosen))  # fmt: skip


def results_grid(chosen: Assignment, done: list[homework.LearnerResult]) -> dict[str, list[str]]:
    """A row a learner, a column an item (numbered as the table of items below numbers them), then their totals in
    the homework's own terms, and whether they are late."""
    now = moment()
    grid = {t.text("Learner"): [plain(row.learner.name) for row in done]}
    for number in range(len(chosen.items)):
        grid[str(number + 1)] = [item_cell(row.items[number], chosen) for row in done]
    grid[t.text("Done")] = [f"{row.done} / {len(row.items)}" for row in done]
    if chosen.kind == "puzzles":
        grid[t.text("Right")] = [f"{row.right} / {row.done}" for row in done]
    elif chosen.kind == "levels":
        grid[t.text("Stars")] = [f"{sum(item.stars or 0 for item in row.items)} / {3 * len(row.items)}" for row in done]
    else:
        lost = [row.items[0].lost_per_play for row in done]
        grid[t.text("Points lost per play")] = ["–" if value is None else f"{value:.2f}" for value in lost]
    grid[t.text("Late")] = [t.text("late") if row.behind(chosen.due, now) else "" for row in done]
    return grid


def item_cell(item: homework.ItemResult, chosen: Assignment) -> str:
    """One learner's item as the grid shows it: a puzzle right or wrong, a level's stars, a match's result; a dash
    while not done, and "late" for one done after the due time."""
    if not item.done:
        return "–"
    if chosen.kind == "puzzles":
        words = t.text("right") if item.right else t.text("wrong")
    elif chosen.kind == "levels":
        words = t.text("{n} of 3 stars", n=item.stars or 0)
    else:
        points, against = item.points or (0, 0)
        words = (t.text("won {points} to {against}", points=points, against=against) if item.won
                 else t.text("lost {points} to {against}", points=points, against=against))  # fmt: skip
    return t.text("{result}, late", result=words) if item.late(chosen.due) else words


def item_words(homework: Assignment) -> list[str]:
    """The homework's items, as the teacher knows them: a level's title, a puzzle's title and id, a computer
    strength."""
    if homework.kind == "levels":
        titles = {level.id: t.text(level.title) for level in course()}
        return [titles.get(item, item) for item in homework.items]
    if homework.kind == "match":
        return [t.text(BOT_LEVELS[item][0]) for item in homework.items]
    puzzles = bank()  # a puzzle since taken out of the bank shows its id alone
    return [f"{say(t.written(puzzles[item].title), VIEW)} ({item})" if item in puzzles else item
            for item in homework.items]  # fmt: skip


def learners_part(room: Classroom) -> None:
    """The class's learners: their figures, one or many to add (with cards to print), a new password, a learner to
    archive, bring back or take out."""
    rows = class_table(SAVED, PLAYER, room.id, moment())
    members = [row.learner for row in rows]
    if rows:
        progress_table(room, rows)
        learner_names = {row.learner.id: row.learner.name for row in rows}
        whom = st.selectbox(t.text("A learner's page"), list(learner_names), format_func=learner_names.__getitem__,
                            key=f"page_of_{room.id}")  # fmt: skip
        name = plain(learner_names[int(whom or rows[0].learner.id)])
        st.page_link(pages()["learner"], label=t.text("Open the page of {name}", name=name),
                     query_params={"learner": str(whom)})  # fmt: skip
    else:
        st.caption(t.text("No learners in this class yet."))
    if (handed := st.session_state.pop(f"handed_{room.id}", None)) is not None:
        name, password = handed
        st.success(t.text("{name}'s password is {password}. Give it to them now: it is not shown again.",
                          name=plain(name), password=password))  # fmt: skip
    handed_cards(room)
    if (error := st.session_state.pop(f"member_error_{room.id}", None)) is not None:
        st.error(plain(error))
    with st.form(f"add_learner_{room.id}", border=False):
        st.text_input(t.text("Name of a new learner"), max_chars=NAME_LENGTH, key=f"new_name_{room.id}")
        st.text_input(
            t.text("Password (leave empty for a one-time password made up)"),
            type="password",
            max_chars=accounts.PASSWORD_LENGTH[1],
            key=f"new_password_{room.id}",
        )
        st.form_submit_button(t.text("Add to the class"), on_click=add_learner, args=(SAVED, PLAYER, room))
    many = st.expander(t.text("Add many learners at once, with sign-in cards to print"))
    with many, st.form(f"add_many_{room.id}", border=False):
        st.text_area(
            t.text("Their names, one a line (or parted by commas)"),
            max_chars=accounts.MOST_AT_ONCE * (NAME_LENGTH + 2),
            key=f"many_names_{room.id}",
        )
        st.form_submit_button(t.text("Add them all"), on_click=add_many, args=(SAVED, PLAYER, room))
    with_password = SAVED.members(PLAYER, room.id, by_password=True) if members else []
    if with_password:  # a learner who signs in with a provider has no password here
        names = {learner.id: learner for learner in with_password}
        chosen = st.selectbox(
            t.text("A new password for"), list(names), format_func=lambda pid: names[pid].name, key=f"renew_{room.id}"
        )
        st.button(
            t.text("Make a new password"),
            key=f"renew_button_{room.id}",
            on_click=new_password,
            args=(SAVED, PLAYER, room, names[int(chosen)]),
        )
        st.button(
            t.text("New one-time passwords for every learner, with cards to print"),
            key=f"renew_all_{room.id}",
            on_click=new_passwords,
            args=(SAVED, PLAYER, room, with_password),
        )
    archive_part(room, members)
    take_out_part(room, members)


def handed_cards(room: Classroom) -> None:
    """The passwords just made for many learners: listed once, and as cards to print."""
    if (handed := st.session_state.pop(f"handed_many_{room.id}", None)) is None:
        return
    st.success(
        t.plural(
            "{n} one-time password made. Give it out now: it is not shown again.",
            "{n} one-time passwords made. Give them out now: they are not shown again.",
            len(handed),
        )
    )
    st.table({t.text("Learner"): [plain(name) for name, _ in handed], t.text("Password"): [pw for _, pw in handed]})
    address = server_address((secrets().get("auth") or {}).get("redirect_uri"))
    st.download_button(
        t.text("Sign-in cards to print"),
        cards_html(room.name, room.code, address, handed, t, VIEW.language),
        file_name=f"{room.code}-cards.html",
        mime="text/html",
        on_click="ignore",
        key=f"cards_{room.id}",
    )


@saving
def add_many(saved: ProgressStore, teacher: Learner, room: Classroom) -> None:
    names = st.session_state.get(f"many_names_{room.id}", "")
    if (
        added := tried(room, "member_error", lambda: accounts.add_learners(saved, teacher, room.id, names))
    ) is not None:
        st.session_state[f"handed_many_{room.id}"] = [(learner.name, password) for learner, password in added]
        st.session_state[f"many_names_{room.id}"] = ""


@saving
def new_passwords(saved: ProgressStore, teacher: Learner, room: Classroom, learners: list[Learner]) -> None:
    handed = tried(room, "member_error", lambda: accounts.reset_passwords(saved, teacher, room.id, learners))
    if handed is not None:
        st.session_state[f"handed_many_{room.id}"] = [(learner.name, password) for learner, password in handed]


@saving
def archive_learner(saved: ProgressStore, teacher: Learner, room: Classroom, learner: Learner, aside: bool) -> None:
    tried(room, "member_error", lambda: saved.archive_learner(teacher, room.id, learner, aside))


def archive_part(room: Classroom, members: list[Learner]) -> None:
    """A learner archived (kept with all their progress, out of the tables and the homework), or brought back."""
    archived = SAVED.members(PLAYER, room.id, archived=True)
    if not members and not archived:
        return
    with st.expander(t.text("Archive a learner, or bring one back")):
        st.caption(
            t.text(
                "An archived learner keeps all their progress but leaves this class's tables, homework and news; one "
                "you added here cannot sign in until you bring them back."
            )
        )
        if members:
            names = {learner.id: learner for learner in members}
            chosen = st.selectbox(
                t.text("Learner"), list(names), format_func=lambda pid: names[pid].name, key=f"aside_{room.id}"
            )
            st.button(t.text("Archive"), key=f"aside_button_{room.id}", on_click=archive_learner,
                      args=(SAVED, PLAYER, room, names[int(chosen)], True))  # fmt: skip
        for learner in archived:
            left, right = st.columns([3, 1], vertical_alignment="center")
            left.write(t.text("{name} (archived)", name=plain(learner.name)))
            right.button(t.text("Bring back"), key=f"back_{room.id}_{learner.id}", on_click=archive_learner,
                         args=(SAVED, PLAYER, room, learner, False))  # fmt: skip


@saving
def post_news(saved: ProgressStore, teacher: Learner, room: Classroom) -> None:
    text = st.session_state.get(f"news_text_{room.id}", "")
    if tried(room, "news_error", lambda: saved.post_news(teacher, room.id, text)) is not None:
        st.session_state[f"news_text_{room.id}"] = ""


@saving
def delete_news(saved: ProgressStore, teacher: Learner, room: Classroom, number: int) -> None:
    saved.delete_news(teacher, room.id, number)
    st.session_state.opened_class = room.id


def news_part(room: Classroom) -> None:
    """Notes to the class, which its learners read on Home beside what is due: a new one, and those posted."""
    with st.form(f"news_{room.id}", border=False):
        st.text_area(t.text("A note to the class"), max_chars=NEWS_LENGTH, key=f"news_text_{room.id}")
        st.form_submit_button(t.text("Post to the class"), on_click=post_news, args=(SAVED, PLAYER, room))
    if (error := st.session_state.pop(f"news_error_{room.id}", None)) is not None:
        st.error(plain(error))
    for note in SAVED.class_news(PLAYER, room.id):
        with st.container(border=True):
            st.caption(news_byline(note, t))
            st.text(note.text)
            st.button(t.text("Delete the note"), key=f"news_delete_{note.id}", on_click=delete_news,
                      args=(SAVED, PLAYER, room, note.id))  # fmt: skip


@saving
def rename_class(saved: ProgressStore, teacher: Learner, room: Classroom) -> None:
    name = st.session_state.get(f"rename_{room.id}", "")
    tried(room, "class_error", lambda: saved.rename_class(teacher, room.id, name))


@saving
def remove_co_teacher(saved: ProgressStore, teacher: Learner, room: Classroom, other: Learner) -> None:
    saved.remove_co_teacher(teacher, room.id, other)
    st.session_state.opened_class = room.id


@saving
def make_co_code(saved: ProgressStore, teacher: Learner, room: Classroom) -> None:
    st.session_state[f"co_code_{room.id}"] = saved.co_teacher_code(teacher, room.id)
    st.session_state.opened_class = room.id


@saving
def co_teach(saved: ProgressStore, teacher: Learner) -> None:
    try:
        joined = accounts.co_teach(saved, teacher, st.session_state.pop("co_code", ""), client(club() or {}))
    except ValueError as error:
        st.session_state.co_error = said_or_told(error)
    except accounts.TooManyGuesses as error:
        st.session_state.co_wait = error.seconds
    else:
        st.session_state.opened_class = joined.id


@saving
def archive_class(saved: ProgressStore, teacher: Learner, room: Classroom) -> None:
    saved.archive_class(teacher, room.id, not room.archived)
    st.session_state.opened_class = room.id


@saving
def delete_class(saved: ProgressStore, teacher: Learner, room: Classroom) -> None:
    saved.delete_class(teacher, room.id)
    st.session_state.deleted_class = room.name


def settings_part(room: Classroom) -> None:
    """The class itself: its name, and for the teacher who made it, its co-teachers, archiving it and deleting it."""
    with st.form(f"rename_form_{room.id}", border=False):
        st.text_input(t.text("Name of the class"), value=room.name, max_chars=NAME_LENGTH, key=f"rename_{room.id}")
        st.form_submit_button(t.text("Rename"), on_click=rename_class, args=(SAVED, PLAYER, room))
    if (error := st.session_state.pop(f"class_error_{room.id}", None)) is not None:
        st.error(plain(error))
    if not room.owner:
        st.caption(t.text("You co-teach this class: only the teacher who made it chooses its co-teachers, archives "
                          "it or deletes it."))  # fmt: skip
        return
    co_teachers_part(room)
    st.subheader(t.text("Archive"))
    if room.archived:
        st.write(t.text("This class is archived. Bring it back to let learners join it and see its homework again."))
        st.button(t.text("Bring the class back"), key=f"unarchive_{room.id}", on_click=archive_class,
                  args=(SAVED, PLAYER, room))  # fmt: skip
    else:
        st.write(t.text("At the end of a term, archive the class. Nothing is deleted: its learners still sign in and "
                        "keep their progress, but nobody can join it, and its homework and news are no longer shown "
                        "to them. You can bring it back."))  # fmt: skip
        st.button(t.text("Archive the class"), key=f"archive_{room.id}", on_click=archive_class,
                  args=(SAVED, PLAYER, room))  # fmt: skip
    st.subheader(t.text("Delete"))
    st.write(t.text("Deleting the class deletes its homework and its news, and every learner you added to it, with "
                    "all their progress. Learners who joined with their own sign-in keep their progress. This cannot "
                    "be undone."))  # fmt: skip
    sure = st.checkbox(t.text("I am sure: delete {name} and the learners I added to it.", name=plain(room.name)),
                       key=f"delete_sure_{room.id}")  # fmt: skip
    st.button(t.text("Delete the class"), disabled=not sure, key=f"delete_{room.id}", on_click=delete_class,
              args=(SAVED, PLAYER, room))  # fmt: skip


def co_teachers_part(room: Classroom) -> None:
    """Who teaches the class with its teacher, and a one-use code that makes another teacher of the server one."""
    st.subheader(t.text("Co-teachers"))
    st.caption(t.text("A co-teacher sees the class and does everything in it that you do, but archive or delete it."))
    for other in SAVED.co_teachers(PLAYER, room.id):
        left, right = st.columns([3, 1], vertical_alignment="center")
        left.write(plain(other.name))
        right.button(t.text("Remove"), key=f"co_out_{room.id}_{other.id}", on_click=remove_co_teacher,
                     args=(SAVED, PLAYER, room, other))  # fmt: skip
    st.button(t.text("Make a co-teacher code"), key=f"co_make_{room.id}", on_click=make_co_code,
              args=(SAVED, PLAYER, room))  # fmt: skip
    if (code := st.session_state.pop(f"co_code_{room.id}", None)) is not None:
        st.success(t.text("The co-teacher code is {code}. Give it to the teacher who is to teach this class with "
                          "you: they type it on their Classes page. It works once.", code=code))  # fmt: skip


def co_teach_part() -> None:
    """A class to teach with its teacher, by the co-teacher code they gave."""
    with st.expander(t.text("Co-teach a class")), st.form("co_teach", border=False):
        st.text_input(t.text("Co-teacher code"), max_chars=CO_CODE_LENGTH + 4, key="co_code")
        st.form_submit_button(t.text("Co-teach"), on_click=co_teach, args=(SAVED, PLAYER))
    if (error := st.session_state.pop("co_error", None)) is not None:
        st.error(plain(error))
    wait_notice("co_wait")


def class_part(room: Classroom) -> None:
    """One class: its code, then its learners, homework, news and settings, a tab each."""
    if room.archived:
        st.info(t.text("This class is archived: nobody can join it, and its learners no longer see its homework."))
    else:
        st.write(t.text("Learners sign in with the class code {code}, their name and the password you give them.",
                        code=room.code))  # fmt: skip
    learners, homework, news, itself = st.tabs(  # only the open tab is drawn: a click on another draws it
        [t.text("Learners"), t.text("Homework"), t.text("News"), t.text("The class")],
        key=f"class_tab_{room.id}",
        on_change="rerun",
    )
    if learners.open:
        with learners:
            learners_part(room)
    if homework.open:
        with homework:
            homework_part(room, SAVED.members(PLAYER, room.id))
    if news.open:
        with news:
            news_part(room)
    if itself.open:
        with itself:
            settings_part(room)


if not st.session_state.get("teacher"):  # listed for teachers only; an address alone does not make one
    st.warning(t.text("Only a teacher has classes."))
    st.stop()
st.title(t.text("Classes"))
if (deleted := st.session_state.pop("deleted_class", None)) is not None:
    st.success(t.text("The class {name} is deleted.", name=plain(deleted)))
ROOMS = SAVED.classes(PLAYER)
IN_USE = [room for room in ROOMS if not room.archived]
for room in IN_USE:  # the class last worked on is open, and a teacher's only class
    opened = st.session_state.get("opened_class") == room.id or len(IN_USE) == 1
    with st.expander(f"{plain(room.name)} · {room.code}", expanded=opened):
        class_part(room)
with st.form("new_class", border=False):
    st.text_input(t.text("Name of a new class"), max_chars=NAME_LENGTH, key="class_name")
    st.form_submit_button(t.text("Make the class"), on_click=make_class, args=(SAVED, PLAYER))
if (error := st.session_state.pop("class_error", None)) is not None:
    st.error(plain(error))
co_teach_part()
if ARCHIVED := [room for room in ROOMS if room.archived]:
    st.subheader(t.text("Archived classes"))
    for room in ARCHIVED:
        with st.expander(f"{plain(room.name)} · {room.code}", expanded=st.session_state.get("opened_class") == room.id):
            class_part(room)
