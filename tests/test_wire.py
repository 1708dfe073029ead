"""The classroom bench's protocol tabs (``bench/wire.py``) on the real app served: with no browser, a learner signs
in with a class code and answers homework puzzles by the link each verdict gives, every answer is judged and
stored, and another learner's tab is a session of its own. The bench's figures rest on these tabs doing what a
learner does."""

import asyncio
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from browser_kit import app_server

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from classroom import NEXT, Tally, WireLearner
from deploy_kit import PASSWORD, class_with_homework

from trainer.progress.sqlite import Store


async def answer_three(url: str, code: str) -> tuple[list[str], Tally, str]:
    tally = Tally()
    bea = await WireLearner.sign_in(url, {"code": code, "name": "Learner 1", "password": PASSWORD}, tally)
    cai = await WireLearner.sign_in(url, {"code": code, "name": "Learner 2", "password": PASSWORD}, tally)
    answered = [await bea.answer() for _ in range(3)]
    await cai.tab.visit("")  # Home again: Cai's homework is untouched by Bea's answers
    link = cai.tab.find("page_link", NEXT).label
    await bea.close()
    await cai.close()
    return answered, tally, link


def test_a_protocol_tab_signs_in_and_answers_homework_that_is_stored(tmp_path: Path) -> None:
    code = class_with_homework(str(tmp_path), 2)
    secrets = tmp_path / "secrets.toml"
    secrets.write_text('[club]\nteacher_code = "not used here"\n', encoding="utf-8")
    # the tab's event loop on a thread of its own: the browser tests' Playwright may run one on this thread
    with app_server(tmp_path, flags=["--secrets.files", str(secrets)]) as url, ThreadPoolExecutor(1) as apart:
        answered, tally, link = apart.submit(asyncio.run, answer_three(url, code)).result()
    assert not tally.errors and len(tally.wire["Check"]) == len(tally.wire["the next puzzle"]) == 3
    assert len(set(answered)) == 3 and re.search(r": 0 of \d+ done · next puzzle$", link)
    with Store.open(tmp_path) as saved:
        stored = saved.attempts(saved.class_password(code, "Learner 1")[0])
        assert [attempt.puzzle_id for attempt in stored] == answered and all(a.correct for a in stored)
        assert saved.attempts(saved.class_password(code, "Learner 2")[0]) == []
