"""Entry point of the Escoba Trainer app: ``streamlit run streamlit_app.py``."""

import streamlit as st

st.set_page_config(page_title="Escoba Trainer", layout="wide")
pages = [
    st.Page("trainer/app/pages/home.py", title="Home", icon=":material/home:", default=True),
    st.Page("trainer/app/pages/learn.py", title="Learn", icon=":material/school:", url_path="learn"),
    st.Page("trainer/app/pages/puzzles.py", title="Puzzles", icon=":material/extension:", url_path="puzzles"),
    st.Page("trainer/app/pages/progress.py", title="Progress", icon=":material/insights:", url_path="progress"),
]
st.navigation(pages).run()
