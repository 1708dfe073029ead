"""The puzzle bank: installed as the package ``trainer.bank``, so an installed trainer finds its puzzles."""
