"""The Progress page's figures in the learner's words: the rating's course, right answers, matches.

>>> from trainer.i18n import translator
>>> from trainer.progress.stats import Accuracy
>>> rating_summary([1500.0, 1512.0], translator("es"))
'De 1500 a 1512 en 1 respuesta; la más baja fue 1500 y la más alta, 1512.'
>>> share_line(Accuracy("escoba", 3, 5), translator("en"))
'escoba: 60% (3 of 5 right)'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC

from trainer.app.clock import moment
from trainer.app.names import BOT_LEVELS
from trainer.app.topics import topic
from trainer.course import Track
from trainer.i18n import Translator
from trainer.progress.homework import LearnerResult
from trainer.progress.model import Assignment, Attempt, GameSummary, News
from trainer.progress.stats import Accuracy, LevelResults, plain

#: A figure that may fall either side of 0, written with its sign: "+2.10", "-0.50".
SIGNED = "+0.00;-0.00"


def rating_summary(ratings: Sequence[float], t: Translator) -> str:
    """The rating's course in one sentence."""
    first, last = ratings[0], ratings[-1]
    if len(ratings) == 1:
        return t.text("Your rating is {rating}; it moves after each answer.", rating=f"{first:.0f}")
    return t.plural(
        "From {first} to {last} over {n} answer; the lowest was {low}, the highest {high}.",
        "From {first} to {last} over {n} answers; the lowest was {low}, the highest {high}.",
        len(ratings) - 1,
        first=f"{first:.0f}",
        last=f"{last:.0f}",
        low=f"{min(ratings):.0f}",
        high=f"{max(ratings):.0f}",
    )


def named(rows: Sequence[Accuracy], t: Translator) -> list[Accuracy]:
    """Rows of kinds or themes with their names in the learner's language."""
    return [row._replace(name=topic(row.name, t)) for row in rows]


def share_line(row: Accuracy, t: Translator) -> str:
    """A theme's right answers as a learner would say them: 'sum: 60% (3 of 5 right)'; the name is made plain."""
    return t.text(
        "{theme}: {percent} ({right} of {answers} right)",
        theme=plain(row.name),
        percent=t.percent(row.right / row.answers),
        right=row.right,
        answers=row.answers,
    )


def level_name(level: str, t: Translator) -> str:
    """A computer player's level by its name in the learner's language."""
    return t.text(BOT_LEVELS[level][0])


def levels_table(results: Sequence[LevelResults], t: Translator) -> str:
    """Matches against each level of the computer as a Markdown table."""
    heads = [t.text("The computer"), t.text("Matches"), t.text("Won"), t.text("Lost"), t.text("Unfinished")]
    return _table(heads, ([level_name(r.level, t), r.played, r.won, r.lost, r.open] for r in results))


def match_lines(matches: Sequence[GameSummary], t: Translator, theirs: bool = False) -> str:
    """Matches one by one as a Markdown table: when, against whom, the points, the result, the points lost and the
    luck of the cards; ``theirs``: as the learner's teacher reads it."""
    points = t.text("Points, the learner's – the computer's") if theirs else t.text("Points, yours – theirs")
    heads = [t.text("When (UTC)"), t.text("Against"), points, t.text("Result")]
    return _table([*heads, t.text("Lost per play"), t.text("Luck")], (_match_row(match, t) for match in matches))


def _match_row(match: GameSummary, t: Translator) -> list[object]:
    level = level_name(match.level, t)
    if match.players == 2:
        against = t.text("{level}, 2 players", level=level)
    else:
        against = t.text("{level}, with a partner", level=level)
    result = t.text("unfinished") if not match.over else t.text("won") if match.won else t.text("lost")
    lost = t.decimal(match.lost / match.decisions) if match.decisions else "—"
    luck = t.decimal(match.luck, SIGNED) if match.luck is not None and match.decisions else "—"
    when = match.played_at.astimezone(UTC).strftime("%Y-%m-%d %H:%M")
    return [when, against, f"{match.points} – {match.against}", result, lost, luck]


def luck_summary(lucks: Sequence[float], t: Translator) -> str:
    """The luck of the cards over the matches, in one sentence."""
    return t.text(
        "The luck of the cards, match by match: {latest} in the latest, {average} on average (above 0, the cards "
        "favoured your side).",
        latest=t.decimal(lucks[-1], SIGNED),
        average=t.decimal(sum(lucks) / len(lucks), SIGNED),
    )


def _table(heads: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A Markdown table of the given heads and rows."""
    lines = [f"| {' | '.join(heads)} |", "| --- " * len(heads) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def mistake_label(attempt: Attempt, title: str, t: Translator) -> str:
    """A link's words to try a puzzle answered wrong again: its title, kind, level and the answer given, made plain."""
    kind, level = plain(topic(attempt.kind, t)), attempt.level
    if attempt.answer:
        return t.text(
            "{title} ({kind}, level {level}, you answered {answer}): try again",
            title=title,
            kind=kind,
            level=level,
            answer=plain(attempt.answer),
        )
    return t.text("{title} ({kind}, level {level}, no answer): try again", title=title, kind=kind, level=level)


def their_mistake(attempt: Attempt, title: str, t: Translator) -> str:
    """A link's words, for their teacher, to a puzzle a learner answered wrong: its title, kind, level and the answer
    the learner gave, made plain."""
    kind, level = plain(topic(attempt.kind, t)), attempt.level
    answer = plain(attempt.answer) if attempt.answer else "–"
    return t.text("{title} ({kind}, level {level}): they answered {answer}", title=title, kind=kind, level=level,
                  answer=answer)  # fmt: skip


def homework_line(piece: Assignment, mine: LearnerResult, t: Translator) -> str:
    """A piece of homework as its learner sees it: when it is (or was) due and how much of it is done."""
    due, done, total = f"{piece.due:%Y-%m-%d}", mine.done, len(mine.items)
    if mine.behind(piece.due, moment()) and done < total:
        return t.text("Late, it was due {due}: {done} of {total} done", due=due, done=done, total=total)
    return t.text("Due {due}: {done} of {total} done", due=due, done=done, total=total)


def next_puzzle_label(piece: Assignment, mine: LearnerResult, t: Translator) -> str:
    """The link to a puzzle homework's next puzzle, with the homework's line."""
    return t.text("{homework} · next puzzle", homework=homework_line(piece, mine, t))


def course_lines(track: Track, earned: dict[str, int], t: Translator) -> str:
    """A track's levels as a Markdown list, each numbered as the level map numbers it, with its stars in words."""
    lines = []
    for number, level in enumerate(track.levels, start=1):
        stars = t.text("{n} of 3 stars", n=earned.get(level.id, 0))
        lines.append(f"- {number}. {t.text(level.title)}: {stars}")
    return "\n".join(lines)


def news_byline(note: News, t: Translator) -> str:
    """Who posted a note to a class, and when (the day, in UTC as every time the class sees)."""
    if note.author is None:  # their profile is gone since
        return t.text("Posted on {day}", day=f"{note.posted:%Y-%m-%d}")
    return t.text("{name}, on {day}", name=plain(note.author), day=f"{note.posted:%Y-%m-%d}")
