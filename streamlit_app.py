"""Entry point of the Escoba Trainer app: ``streamlit run streamlit_app.py``."""

import streamlit as st

st.set_page_config(page_title="Escoba Trainer", page_icon="🧹", layout="wide")
st.navigation([st.Page("trainer/app/home.py", title="Home", icon="🏠", default=True)]).run()
