"""The levels of the computer players, by name, weakest first: what a match and a piece of homework are played at.

Kept apart from ``trainer.ai.bots``, which plays them, so that what only names a level (the progress store, the
app's words) does not load the compiled search."""

LEVELS = ("random", "greedy", "expert", "master")
