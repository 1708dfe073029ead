"""The learner's progress: profiles, attempts, ratings, reviews and records, kept in SQLite."""
