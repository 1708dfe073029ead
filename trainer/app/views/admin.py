"""Teachers: the club's administrators see who teaches on the server, and take that right away or give it back."""

import streamlit as st

from trainer.app.profile_sidebar import profile
from trainer.app.settings import tr
from trainer.app.store_access import saving, store
from trainer.app.style import page
from trainer.progress.model import Teacher
from trainer.progress.stats import plain
from trainer.progress.store import ProgressStore

VIEW = page("Teachers")
t = tr()
SAVED = store()
PLAYER = profile(SAVED)


@saving
def set_teaching(saved: ProgressStore, teacher: Teacher) -> None:
    if not st.session_state.get("admin"):  # set from the sign-in's checked address on every run
        return
    saved.set_teaching(teacher.learner, allowed=not teacher.teaching)
    st.session_state.teaching_changed = (teacher.learner.name, not teacher.teaching)


if not st.session_state.get("admin"):  # listed for administrators only; an address alone does not make one
    st.warning(t.text("Only an administrator of this server sees its teachers."))
    st.stop()
st.title(t.text("Teachers"))
st.write(
    t.text(
        "Everyone who teaches on this server, or did until an administrator took it away. Taking it away works from "
        "their next click: their classes stay, with their co-teachers, and the teachers' code does not give it back. "
        "Only an administrator can."
    )
)
if (changed := st.session_state.pop("teaching_changed", None)) is not None:
    name, teaching = changed
    st.success(
        t.text("{name} may teach again.", name=plain(name))
        if teaching
        else t.text("{name} no longer teaches.", name=plain(name))
    )
TEACHERS = SAVED.teachers()
if not TEACHERS:
    st.caption(t.text("Nobody teaches here yet."))
    st.stop()
st.table(
    {
        t.text("Teacher"): [plain(teacher.learner.name) for teacher in TEACHERS],
        t.text("Classes made"): [str(teacher.classes) for teacher in TEACHERS],
        t.text("May teach"): [t.text("yes") if teacher.teaching else t.text("no") for teacher in TEACHERS],
    }
)
BY_ID = {teacher.learner.id: teacher for teacher in TEACHERS}
chosen = BY_ID[st.selectbox(t.text("Teacher"), list(BY_ID), format_func=lambda pid: BY_ID[pid].learner.name)]
if chosen.learner.id == PLAYER.id:
    st.caption(t.text("You cannot take your own right to teach away here."))
elif chosen.teaching:
    sure = st.checkbox(t.text("I am sure: {name} no longer teaches.", name=plain(chosen.learner.name)))
    st.button(t.text("Take the right to teach away"), disabled=not sure, on_click=set_teaching, args=(SAVED, chosen))
else:
    st.button(t.text("Give the right to teach back"), on_click=set_teaching, args=(SAVED, chosen))
