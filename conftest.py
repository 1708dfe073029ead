"""Pytest settings shared by the whole tree."""

# The app's pages are Streamlit scripts, run by the app and by AppTest, not modules to import.
collect_ignore_glob = ["trainer/app/pages/*.py"]
