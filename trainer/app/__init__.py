"""The Streamlit pages of the trainer; they show what the engine says and decide nothing."""
