"""The deploy recipe stays in step with the app: the names, the port and the files it relies on. (Docker cannot
run here; the two-server browser test checks what the recipe sets up: replicas sharing one database.)"""

import re
from pathlib import Path

import yaml

from trainer.progress.stores import DB_VAR

DEPLOY = Path(__file__).parent.parent / "deploy"


def test_compose_runs_two_replicas_of_the_app_on_its_database_behind_the_proxy() -> None:
    services = yaml.safe_load((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))["services"]
    app = services["app"]
    assert app["deploy"]["replicas"] == 2 and (DEPLOY.parent / app["build"]["dockerfile"]).is_file()
    assert app["environment"][DB_VAR].startswith("postgresql://") and app["environment"][DB_VAR].endswith("@db/escoba")
    assert app["depends_on"]["db"]["condition"] == "service_healthy"
    [mounted] = app["volumes"]
    assert mounted.startswith("./secrets.toml:/app/.streamlit/secrets.toml")  # where Streamlit looks, from /app
    assert "./Caddyfile:/etc/caddy/Caddyfile:ro" in services["proxy"]["volumes"]


def test_the_proxy_finds_every_replica_on_streamlits_port_and_keeps_each_browser_on_one() -> None:
    caddyfile = (DEPLOY / "Caddyfile").read_text(encoding="utf-8")
    assert re.search(r"dynamic a \{\s*name app\s*port 8501", caddyfile) and "lb_policy cookie" in caddyfile
    dockerfile = (DEPLOY / "Dockerfile").read_text(encoding="utf-8")
    assert "WORKDIR /app" in dockerfile and "EXPOSE 8501" in dockerfile
    assert '-c /src/constraints.txt "/src[server]"' in dockerfile  # the versions CI passed with
    assert 'CMD ["escoba-trainer", "app", "--network"]' in dockerfile
    user = dockerfile.index("USER escoba")
    assert dockerfile.index("from trainer.ai.batch import warm_up; warm_up()") > user  # into the app user's cache


def test_the_example_secrets_turn_the_club_on_and_real_ones_are_never_committed() -> None:
    import tomllib

    from trainer.app.club_setup import missing_settings

    example = tomllib.loads((DEPLOY / "secrets.example.toml").read_text(encoding="utf-8"))
    assert "teacher_code" in example["club"] and example["auth"]["redirect_uri"].endswith("/oauth2callback")
    assert missing_settings(example) == []  # all a club's server needs to start (``trainer.app.club_setup``)
    ignored = (DEPLOY.parent / ".gitignore").read_text(encoding="utf-8").split()
    assert "deploy/secrets.toml" in ignored and ".streamlit/secrets.toml" in ignored
