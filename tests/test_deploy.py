"""The deploy recipe stays in step with the app: the names, the port and the files it relies on. (Docker cannot
run here; ``test_e2e_deploy.py`` runs the Caddyfile itself in front of two app servers on one database.) And the
backup recipe of docs/club.md, on a PostgreSQL server of the tests' own."""

import re
import subprocess
import tomllib
from pathlib import Path

import yaml

from trainer.progress.stores import DB_VAR

DEPLOY = Path(__file__).parent.parent / "deploy"
COMPOSE = yaml.safe_load((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))


def test_compose_runs_two_replicas_of_the_app_on_its_database_behind_the_proxy() -> None:
    services = COMPOSE["services"]
    replicas = [services["app1"], services["app2"]]
    assert replicas[0] == replicas[1] and (DEPLOY.parent / replicas[0]["build"]["dockerfile"]).is_file()
    app = replicas[0]
    assert app["depends_on"]["db"]["condition"] == "service_healthy"
    [mounted] = app["volumes"]
    assert mounted.startswith("./secrets.toml:/app/.streamlit/secrets.toml")  # where Streamlit looks, from /app
    assert "./Caddyfile:/etc/caddy/Caddyfile:ro" in services["proxy"]["volumes"]
    assert set(services["proxy"]["depends_on"]) == {"app1", "app2"}
    caddyfile = (DEPLOY / "Caddyfile").read_text(encoding="utf-8")
    assert re.search(r"^\s*to app1:8501 app2:8501$", caddyfile, re.MULTILINE)  # Streamlit's port, in each


def test_the_database_password_never_goes_into_a_url() -> None:
    app, db = COMPOSE["services"]["app1"]["environment"], COMPOSE["services"]["db"]["environment"]
    assert app[DB_VAR] == "postgresql://escoba@db/escoba"  # no password: "@", "/" or "%" in it would break the URL
    assert app["PGPASSWORD"] == db["POSTGRES_PASSWORD"] == "${DB_PASSWORD:?set DB_PASSWORD in .env}"
    example = (DEPLOY / "env.example").read_text(encoding="utf-8")
    assert re.search(r"^DB_PASSWORD=$", example, re.MULTILINE) and "SITE_ADDRESS=" in example


def test_each_replica_is_checked_for_health_and_shows_users_no_error_details() -> None:
    app = COMPOSE["services"]["app1"]
    assert "http://127.0.0.1:8501/_stcore/health" in " ".join(app["healthcheck"]["test"])
    assert app["environment"]["STREAMLIT_CLIENT_SHOW_ERROR_DETAILS"] == "none"
    caddyfile = (DEPLOY / "Caddyfile").read_text(encoding="utf-8")
    assert "health_uri /_stcore/health" in caddyfile and "lb_try_duration" in caddyfile


def test_the_image_is_the_app_as_a_club_server_runs_it() -> None:
    dockerfile = (DEPLOY / "Dockerfile").read_text(encoding="utf-8")
    assert "WORKDIR /app" in dockerfile and "EXPOSE 8501" in dockerfile
    assert '-c /src/constraints.txt "/src[server]"' in dockerfile  # the versions CI passed with
    assert 'CMD ["escoba-trainer", "app", "--network"]' in dockerfile
    user = dockerfile.index("USER escoba")
    assert dockerfile.index("RUN python -m trainer.ai.warm") > user  # into the app user's cache


def test_the_example_secrets_turn_the_club_on_and_no_secret_is_committed_or_built_in() -> None:
    from trainer.app.club_setup import missing_settings

    example = tomllib.loads((DEPLOY / "secrets.example.toml").read_text(encoding="utf-8"))
    assert "teacher_code" in example["club"] and example["auth"]["redirect_uri"].endswith("/oauth2callback")
    assert missing_settings(example) == []  # all a club's server needs to start (``trainer.app.club_setup``)
    ignored = (DEPLOY.parent / ".gitignore").read_text(encoding="utf-8").split()
    assert {"deploy/secrets.toml", ".streamlit/secrets.toml", "deploy/.env"} <= set(ignored)
    left_out = (DEPLOY.parent / ".dockerignore").read_text(encoding="utf-8").split()
    assert {"**/secrets.toml", "**/.env", "**/*.sqlite3"} <= set(left_out)  # the image's build context is the clone


def test_the_backup_recipe_brings_a_clubs_progress_back_as_it_was(database: str, tmp_path: Path) -> None:
    """docs/club.md's backup and restore: pg_dump's custom format, then pg_restore --clean --if-exists over a
    database that changed since."""
    from pg_kit import programs

    from trainer.progress.stores import open_store

    tools, backup = programs(), tmp_path / "escoba.dump"
    assert tools is not None
    with open_store(database) as saved:
        saved.create_profile("Ana")
    subprocess.run([tools / "pg_dump", "-Fc", "-f", backup, "-d", database], check=True)
    with open_store(database) as saved:
        saved.create_profile("Bea")
    subprocess.run([tools / "pg_restore", "--clean", "--if-exists", "-d", database, backup], check=True)
    with open_store(database) as saved:
        assert saved.profiles() == ["Ana"]
