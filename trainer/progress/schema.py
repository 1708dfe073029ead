"""The tables of the progress file, as the migrations that make them; PostgreSQL's schema takes the accounts' and the
homework's from here too."""

from __future__ import annotations

#: ``PRAGMA application_id`` of a progress file ("EsTr"); files made before it have 0 and the tables of the first
#: migration.
APPLICATION_ID = 0x45735472

#: The tables of accounts and classes (a migration of the file, and of a PostgreSQL database).
ACCOUNT_TABLES = (
    """CREATE TABLE accounts (
        profile_id INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
        issuer TEXT NOT NULL, subject TEXT NOT NULL, password TEXT, teacher INTEGER NOT NULL DEFAULT 0,
        UNIQUE (issuer, subject))""",
    """CREATE TABLE classes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        teacher_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        name TEXT NOT NULL, code TEXT NOT NULL UNIQUE, created TEXT NOT NULL)""",
    "CREATE INDEX classes_by_teacher ON classes(teacher_id)",
    """CREATE TABLE members (
        class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        PRIMARY KEY (class_id, profile_id))""",
    "CREATE INDEX members_by_profile ON members(profile_id)",
)
#: The table of homework (likewise).
HOMEWORK_TABLES = (
    """CREATE TABLE assignments (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        kind TEXT NOT NULL, items TEXT NOT NULL, due TEXT NOT NULL, created TEXT NOT NULL)""",
    "CREATE INDEX assignments_by_class ON assignments(class_id)",
)
#: Wrong guesses at a password or a code, shared by every app server on the data, and the devices that signed in
#: (likewise): what ``trainer.progress.accounts`` slows guessing down by.
GUESS_TABLES = (
    # A guess not (yet) found right: what it was at (``store.guess_target``), the client's address, the hash of the
    # device cookie it came with if that device had signed in to the account guessed at (NULL: an untrusted client),
    # and when, in seconds since 1970.
    """CREATE TABLE failures (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        target TEXT NOT NULL, client TEXT NOT NULL, device TEXT, at REAL NOT NULL)""",
    "CREATE INDEX failures_by_target ON failures(target, at)",
    "CREATE INDEX failures_by_client ON failures(client, at)",
    "CREATE INDEX failures_by_time ON failures(at)",
    # A device that signed in to a profile's account: the hash of its cookie's random token, and when it last did.
    """CREATE TABLE devices (
        token_hash TEXT NOT NULL,
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        seen REAL NOT NULL,
        PRIMARY KEY (token_hash, profile_id))""",
)

#: The sessions signed in on a club's server (likewise): each by the SHA-256 of its random token (the cookie holds
#: the token, the database only its hash), until it is ended (a sign-out, a new password, a removal) or expires.
#: ``signed_in_at`` is the provider's sign-in time (``iat``) a session was started from, NULL for a class code's.
SESSION_TABLES = (
    """CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        created TEXT NOT NULL, expires TEXT NOT NULL, ended TEXT, signed_in_at BIGINT)""",
    "CREATE INDEX sessions_by_profile ON sessions(profile_id)",
    "CREATE INDEX sessions_by_expiry ON sessions(expires)",
)

#: Each profile's scope, as the migration to scoped names gives it from its account: '' (the column's default) for
#: a profile of this computer, without an account; "class <id>" for a learner a teacher made in that class; NULL for
#: a provider's account.
SCOPE_FROM_ACCOUNT = """CASE WHEN id NOT IN (SELECT profile_id FROM accounts) THEN ''
    ELSE (SELECT 'class ' || min(class_id) FROM members JOIN accounts ON accounts.profile_id = members.profile_id
        WHERE members.profile_id = profiles.id AND issuer = 'class') END"""
#: The import tries a learner made on a club's server, to hold them to a few an hour (a table of the file and of a
#: PostgreSQL database).
IMPORT_TRIES_TABLES = (
    """CREATE TABLE import_tries (
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE, at TEXT NOT NULL)""",
    "CREATE INDEX import_tries_by_profile ON import_tries(profile_id, at)",
)

#: A class run for a term (a migration of the file, and of a PostgreSQL database): a class or one of its learners
#: archived (when; NULL while in use), kept with every figure but out of the way; a teacher's right to teach taken
#: away by an administrator (when), which the teachers' code no longer gives back; a password the teacher made up,
#: good for one sign-in (``one_time``), after which the learner chooses their own; a class's co-teachers, and the
#: one-use code that makes another teacher one (``co_code``); and the short notes its teachers post to it.
ROSTER_TABLES = (
    "ALTER TABLE classes ADD COLUMN archived TEXT",
    "ALTER TABLE classes ADD COLUMN co_code TEXT",
    "CREATE UNIQUE INDEX classes_by_co_code ON classes(co_code)",
    "ALTER TABLE members ADD COLUMN archived TEXT",
    "ALTER TABLE accounts ADD COLUMN revoked TEXT",
    "ALTER TABLE accounts ADD COLUMN one_time INTEGER NOT NULL DEFAULT 0",
    """CREATE TABLE co_teachers (
        class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        PRIMARY KEY (class_id, profile_id))""",
    "CREATE INDEX co_teachers_by_profile ON co_teachers(profile_id)",
    """CREATE TABLE news (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        author_id INTEGER REFERENCES profiles(id) ON DELETE SET NULL,
        text TEXT NOT NULL, posted TEXT NOT NULL)""",
    "CREATE INDEX news_by_class ON news(class_id, posted)",
)

#: Homework a term needs (likewise): how each piece was made or is to be played (``HomeworkSettings`` as JSON; NULL
#: for one set before), and the learners a piece is for when it is not for the whole class.
HOMEWORK_FOR_LEARNERS = (
    "ALTER TABLE assignments ADD COLUMN settings TEXT",
    """CREATE TABLE assignment_learners (
        assignment_id INTEGER NOT NULL REFERENCES assignments(id) ON DELETE CASCADE,
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        PRIMARY KEY (assignment_id, profile_id))""",
    "CREATE INDEX assignment_learners_by_profile ON assignment_learners(profile_id)",
)

#: Tables where learners of a class play each other (likewise). A table is opened in a class by its host, at match
#: seat 0, with its settings (``TableSettings`` as JSON); ``state`` is the match once it starts (``SharedMatch`` as
#: JSON: its record, the seats whose person is away, the plays the computer made for them), NULL while seats fill;
#: every change adds 1 to ``version``, which each player's page polls. A seat is held for a classmate invited
#: (``joined`` 0) or taken; ``seen`` is when its person's page last showed the table (seconds since 1970), ``ready``
#: how many deals' ends they have read.
SHARED_TABLES = (
    """CREATE TABLE shared_tables (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        settings TEXT NOT NULL, state TEXT, version INTEGER NOT NULL DEFAULT 1, over INTEGER NOT NULL DEFAULT 0,
        created TEXT NOT NULL, changed TEXT NOT NULL)""",
    "CREATE INDEX shared_tables_by_class ON shared_tables(class_id, over)",
    """CREATE TABLE shared_seats (
        table_id INTEGER NOT NULL REFERENCES shared_tables(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        joined INTEGER NOT NULL DEFAULT 0, seen REAL, ready INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat), UNIQUE (table_id, profile_id))""",
    "CREATE INDEX shared_seats_by_profile ON shared_seats(profile_id)",
)

#: The tables of a profile's progress whose rows the file counts beside them (``row_counts``), by triggers that run in
#: the transaction of each insert and delete, however it is made (an answer, an import, a profile deleted).
COUNTED_TABLES = ("attempts", "ratings", "review_cards", "records", "stars", "places", "games")


def _counted(table: str) -> tuple[str, ...]:
    """The triggers that keep the count of ``table``'s rows by profile, and the count of the rows it has already."""
    return (
        f"""CREATE TRIGGER {table}_added AFTER INSERT ON {table} BEGIN
            INSERT INTO row_counts (profile_id, name, kept) VALUES (NEW.profile_id, '{table}', 1)
            ON CONFLICT (profile_id, name) DO UPDATE SET kept = kept + 1; END""",
        f"""CREATE TRIGGER {table}_removed AFTER DELETE ON {table} BEGIN
            UPDATE row_counts SET kept = kept - 1 WHERE profile_id = OLD.profile_id AND name = '{table}'; END""",
        f"""INSERT INTO row_counts (profile_id, name, kept)
            SELECT profile_id, '{table}', count(*) FROM {table} NOT INDEXED GROUP BY profile_id""",
    )


#: ``MIGRATIONS[n]`` takes the schema from version n to n + 1; a new file is at version 0.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        "CREATE TABLE profiles (id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, created TEXT NOT NULL)",
        """CREATE TABLE attempts (
            id INTEGER PRIMARY KEY,
            profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            puzzle_id TEXT NOT NULL, kind TEXT NOT NULL, level INTEGER NOT NULL, themes TEXT NOT NULL,
            mode TEXT NOT NULL, answer TEXT NOT NULL, correct INTEGER NOT NULL, seconds REAL NOT NULL,
            hints INTEGER NOT NULL, skipped INTEGER NOT NULL, at TEXT NOT NULL, rating_after REAL, rd_after REAL)""",
        "CREATE INDEX attempts_by_profile ON attempts(profile_id, at)",
        """CREATE TABLE ratings (
            profile_id INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
            rating REAL NOT NULL, rd REAL NOT NULL, vol REAL NOT NULL)""",
        """CREATE TABLE review_cards (
            profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            puzzle_id TEXT NOT NULL, card_json TEXT NOT NULL, due TEXT NOT NULL,
            PRIMARY KEY (profile_id, puzzle_id))""",
        """CREATE TABLE records (
            profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            mode TEXT NOT NULL, best INTEGER NOT NULL,
            PRIMARY KEY (profile_id, mode))""",
    ),
    (
        """CREATE TABLE stars (
            profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            level_id TEXT NOT NULL, stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 3),
            PRIMARY KEY (profile_id, level_id))""",
        """CREATE TABLE places (
            profile_id INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
            level_id TEXT NOT NULL, stage INTEGER NOT NULL CHECK (stage >= 0))""",
    ),
    # NULL for a profile in use; while an import writes a profile, who writes it and when it last wrote.
    ("ALTER TABLE profiles ADD COLUMN importing TEXT",),
    # The rule set the learner plays by, and the target chosen for it (NULL: the rule set's usual one).
    (
        "ALTER TABLE profiles ADD COLUMN rule_set TEXT NOT NULL DEFAULT 'classic'",
        "ALTER TABLE profiles ADD COLUMN target INTEGER",
    ),
    # Matches against the computer: a summary to show on Progress, and the game record to replay.
    (
        """CREATE TABLE games (
            profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            played_at TEXT NOT NULL, level TEXT NOT NULL, players INTEGER NOT NULL, points INTEGER NOT NULL,
            against INTEGER NOT NULL, over INTEGER NOT NULL, decisions INTEGER NOT NULL, lost REAL NOT NULL,
            record TEXT NOT NULL)""",
        "CREATE INDEX games_by_profile ON games(profile_id, played_at)",
    ),
    # Whether the learner's side won: usually the higher total, but a shut-out ends a match whatever the totals.
    ("ALTER TABLE games ADD COLUMN won INTEGER NOT NULL DEFAULT 0",),
    # A profile's id is never given again once deleted, so a tab that holds it cannot write into a newer profile.
    # SQLite adds AUTOINCREMENT only to a new table: the rows move over (foreign keys are off while migrating).
    (
        """CREATE TABLE profiles_kept (
            id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE NOT NULL, created TEXT NOT NULL, importing TEXT,
            rule_set TEXT NOT NULL DEFAULT 'classic', target INTEGER)""",
        """INSERT INTO profiles_kept (id, name, created, importing, rule_set, target)
            SELECT id, name, created, importing, rule_set, target FROM profiles""",
        "DROP TABLE profiles",
        "ALTER TABLE profiles_kept RENAME TO profiles",
    ),
    # Indexes that hold what the Progress page counts and lists: its counts never visit the rows, nor its match list
    # the records.
    (
        "CREATE INDEX attempts_counted ON attempts(profile_id, skipped, kind, themes, correct, puzzle_id)",
        """CREATE INDEX games_listed ON games(
            profile_id, played_at, level, players, points, against, over, decisions, lost, won)""",
        "DROP INDEX games_by_profile",
    ),
    # The language the learner reads the app in, as a code ("es"); NULL until one is chosen.
    ("ALTER TABLE profiles ADD COLUMN language TEXT",),
    # A match's saves in order: a save goes on from the version it read, so a tab holding an older state of the
    # match (or one of a match since finished) cannot write over it.
    ("ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 1",),
    # A match's luck: what the cards of its reviewed deals were worth to the learner's side, apart from the play
    # (NULL for a match kept before it was). The match list's index holds it too.
    (
        "ALTER TABLE games ADD COLUMN luck REAL",
        "DROP INDEX games_listed",
        """CREATE INDEX games_listed ON games(
            profile_id, played_at, level, players, points, against, over, decisions, lost, won, luck)""",
    ),
    # Each name's key (``name_key``: what two names must share to be one profile), unique: a profile is found by
    # the index, not by reading every name, and no two writers can both make "Ana" and "ana". A damaged name has
    # none (NULL), as it names no one.
    (
        "ALTER TABLE profiles ADD COLUMN name_key TEXT",
        "UPDATE profiles SET name_key = name_key(name) WHERE is_text(CAST(name AS BLOB))",
        "CREATE UNIQUE INDEX profiles_by_key ON profiles(name_key)",
    ),
    # Signing in on a club's server: an account is a profile's way in, by the issuer and subject of an OpenID
    # provider or, for one a teacher made, by its class code, name and password (a hash). A class is a teacher's,
    # with a code to join it by.
    ACCOUNT_TABLES,
    # Homework a teacher sets a class: course levels, a set of puzzles, or a match against a computer strength,
    # with its items (ids, or the strength) as a JSON list, and a due time.
    HOMEWORK_TABLES,
    # Guessing slowed down, not locked out: recent wrong guesses by account and client, and the devices trusted.
    GUESS_TABLES,
    # Sessions that end: a sign-out, a teacher's new password or removal ends a learner's sessions everywhere.
    SESSION_TABLES,
    # Names unique within a scope, not across the file: '' for the profiles of this computer, chosen by name; the
    # class for a learner a teacher made, signing in by its code and name; none (NULL) for a provider's account,
    # whose name must differ only from those of each class it is in (as it joins). The table is rebuilt, as SQLite
    # cannot drop a column's UNIQUE, and the ids keep their sequence, so none is given again. Then the import tries.
    (
        """CREATE TABLE profiles_scoped (
            id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, created TEXT NOT NULL, importing TEXT,
            rule_set TEXT NOT NULL DEFAULT 'classic', target INTEGER, language TEXT, name_key TEXT,
            scope TEXT DEFAULT '')""",
        """INSERT INTO sqlite_sequence (name, seq)
            SELECT 'profiles_scoped', seq FROM sqlite_sequence WHERE name = 'profiles'""",
        f"""INSERT INTO profiles_scoped (id, name, created, importing, rule_set, target, language, name_key, scope)
            SELECT id, name, created, importing, rule_set, target, language, name_key, {SCOPE_FROM_ACCOUNT}
            FROM profiles""",
        "DROP TABLE profiles",
        "ALTER TABLE profiles_scoped RENAME TO profiles",
        "CREATE UNIQUE INDEX profiles_by_key ON profiles(scope, name_key)",
        *IMPORT_TRIES_TABLES,
    ),
    # Each profile's rows counted beside them, by table: rows that a damaged file hides from every read (an index
    # that skips them) are found missing against the count. A file of this program only.
    (
        """CREATE TABLE row_counts (
            profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            name TEXT NOT NULL, kept INTEGER NOT NULL,
            PRIMARY KEY (profile_id, name))""",
        *(statement for table in COUNTED_TABLES for statement in _counted(table)),
    ),
    # A class for a term: archiving, co-teachers, teachers' rights revoked, one-time passwords, class news.
    ROSTER_TABLES,
    # Homework for chosen learners, with the settings it was made with.
    HOMEWORK_FOR_LEARNERS,
    # Tables where the learners of a class play each other.
    SHARED_TABLES,
)
SCHEMA_VERSION = len(MIGRATIONS)
