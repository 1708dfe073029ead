"""Classes: a teacher's classes on a club's server, the code each is joined by, and its learners' accounts."""

import streamlit as st

from trainer.app.common import page, profile, said_or_told, saving, store, tr
from trainer.progress import accounts
from trainer.progress.stats import plain
from trainer.progress.store import NAME_LENGTH, Classroom, Learner, ProgressStore

page("Classes")
t = tr()
SAVED = store()
PLAYER = profile(SAVED)


@saving
def make_class(saved: ProgressStore, teacher: Learner) -> None:
    try:
        made = saved.create_class(teacher, st.session_state.get("class_name", ""))
    except ValueError as error:
        st.session_state.class_error = said_or_told(error)
    else:
        st.session_state.opened_class = made.id


@saving
def add_learner(saved: ProgressStore, teacher: Learner, room: Classroom) -> None:
    state = st.session_state
    try:
        learner, password = accounts.add_learner(
            saved, teacher, room.id, state.get(f"new_name_{room.id}", ""), state.pop(f"new_password_{room.id}", "")
        )
    except ValueError as error:
        state[f"member_error_{room.id}"] = said_or_told(error)
    else:
        state[f"handed_{room.id}"] = (learner.name, password)
        state[f"new_name_{room.id}"] = ""
    state.opened_class = room.id


@saving
def new_password(saved: ProgressStore, teacher: Learner, room: Classroom, learner: Learner) -> None:
    try:
        st.session_state[f"handed_{room.id}"] = (
            learner.name,
            accounts.reset_password(saved, teacher, room.id, learner),
        )
    except PermissionError as error:
        st.session_state[f"member_error_{room.id}"] = str(error)
    st.session_state.opened_class = room.id


def class_part(room: Classroom) -> None:
    """One class: its code, its learners, a learner to add and a password to renew."""
    st.write(t.text("Learners sign in with the class code {code}, their name and the password you give them.",
                    code=room.code))  # fmt: skip
    members = SAVED.members(PLAYER, room.id)
    if members:
        st.table({t.text("Learner"): [plain(learner.name) for learner in members]})
    else:
        st.caption(t.text("No learners in this class yet."))
    if (handed := st.session_state.pop(f"handed_{room.id}", None)) is not None:
        name, password = handed
        st.success(t.text("{name}'s password is {password}. Give it to them now: it is not shown again.",
                          name=plain(name), password=password))  # fmt: skip
    if (error := st.session_state.pop(f"member_error_{room.id}", None)) is not None:
        st.error(plain(error))
    with st.form(f"add_learner_{room.id}", border=False):
        st.text_input(t.text("Name of a new learner"), max_chars=NAME_LENGTH, key=f"new_name_{room.id}")
        st.text_input(
            t.text("Password (leave empty for one made up)"),
            type="password",
            max_chars=accounts.PASSWORD_LENGTH[1],
            key=f"new_password_{room.id}",
        )
        st.form_submit_button(t.text("Add to the class"), on_click=add_learner, args=(SAVED, PLAYER, room))
    with_password = [learner for learner in members if SAVED.class_password(room.code, learner.name) is not None]
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


if not st.session_state.get("teacher"):  # listed for teachers only; an address alone does not make one
    st.warning(t.text("Only a teacher has classes."))
    st.stop()
st.title(t.text("Classes"))
ROOMS = SAVED.classes(PLAYER)
for room in ROOMS:  # the class last worked on is open, and a teacher's only class
    opened = st.session_state.get("opened_class") == room.id or len(ROOMS) == 1
    with st.expander(f"{plain(room.name)} · {room.code}", expanded=opened):
        class_part(room)
with st.form("new_class", border=False):
    st.text_input(t.text("Name of a new class"), max_chars=NAME_LENGTH, key="class_name")
    st.form_submit_button(t.text("Make the class"), on_click=make_class, args=(SAVED, PLAYER))
if (error := st.session_state.pop("class_error", None)) is not None:
    st.error(plain(error))
