"""Entry point of the Escoba Trainer app from a clone: ``streamlit run streamlit_app.py``."""

from trainer.app.main import run

run()
