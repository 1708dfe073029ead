"""Pytest settings shared by the whole tree."""

import pytest

# The app's pages are Streamlit scripts, run by the app and by AppTest, not modules to import.
collect_ignore_glob = ["trainer/app/views/*.py"]


def pytest_sessionstart(session: pytest.Session) -> None:
    """Compile the computer players' playouts once, before any test (or any worker) needs them: Numba keeps them on
    disk, so the workers and later runs load them instead of each compiling them inside whichever test comes first."""
    if not hasattr(session.config, "workerinput"):  # the run's own process, not one of its workers
        from trainer.ai.warm import compile_engine

        compile_engine()
