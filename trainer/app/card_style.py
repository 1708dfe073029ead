"""How cards are drawn and named for a learner: the faces, the theme, the size, and the language."""

from __future__ import annotations

from dataclasses import dataclass, replace

from trainer.app.svg import COURTS, STYLES, THEMES
from trainer.cards import R4, SPANISH_NOTATION, Notation
from trainer.i18n import SOURCE, Translator, languages, translator

#: Typing for Spanish faces that show J, Q and K: the numbers are still read, and examples show the letters.
_SPANISH_LETTERS = replace(SPANISH_NOTATION, numbered=False)


@dataclass(frozen=True)
class CardStyle:
    """How to draw cards: ``style`` spanish or french, ``theme`` light or dark, the largest card width in pixels,
    ``courts``: on Spanish faces, "printed" shows 10, 11, 12 on the court cards as a real deck does, "letters"
    shows J, Q, K; and the ``language`` the board and the cards' names are worded in."""

    style: str = "spanish"
    theme: str = "light"
    width: int = 64
    courts: str = "printed"
    language: str = SOURCE

    @property
    def t(self) -> Translator:
        """The translator of the view's language."""
        return translator(self.language)

    @property
    def notation(self) -> Notation:
        """How a learner types cards under these faces: the suits' Spanish initials (o c e b) and the printed numbers
        with Spanish faces, the rules' letters (d h c s) with French ones; "c" is copas on the one, clubs on the
        other."""
        if self.style == "french":
            return R4
        return SPANISH_NOTATION if self.courts == "printed" else _SPANISH_LETTERS

    def __post_init__(self) -> None:
        checked = ((self.style, STYLES), (self.theme, THEMES), (self.courts, COURTS), (self.language, languages()))
        for value, allowed in checked:
            if value not in allowed:
                raise ValueError(f"{value!r} is not one of {', '.join(allowed)}")
        if self.width <= 0:
            raise ValueError(f"width must be a positive number of pixels, got {self.width}")
