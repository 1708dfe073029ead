"""Settings: the language, the cards, the profile and the rule set, which every other page shows in the sidebar, here
in the page itself, as a phone keeps the sidebar shut."""

import streamlit as st

from trainer.app.profile_sidebar import profile
from trainer.app.settings import tr
from trainer.app.store_access import store
from trainer.app.style import page

TITLE, HERE = st.container(), st.container()
page("Settings", where=HERE)
profile(store(), where=HERE)
TITLE.title(tr().text("Settings"))  # once a learner is known: a club's sign-in page has a title of its own
