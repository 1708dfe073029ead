"""Entry point of the Escoba Trainer app: ``streamlit run streamlit_app.py``."""

import streamlit as st

st.set_page_config(page_title="Escoba Trainer", layout="wide")
pages = [
    st.Page("trainer/app/home.py", title="Home", icon=":material/home:", default=True),
    st.Page("trainer/app/learn.py", title="Learn", icon=":material/school:", url_path="learn"),
]
st.navigation(pages).run()
