"""The trainer's modules import each other in one direction: no circles, and no layer imports one above it.

The import graph is read from the source with ``ast``. Every import counts, wherever it is written: at the top of a
module, inside a function, or under ``TYPE_CHECKING``. An import put off until a function runs is still a
dependency, and moving it there untangles nothing. ``from package import name`` depends on the submodule ``name``
where there is one, else on the package.
"""

import ast
from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "trainer"

#: The layers, bottom first; a module may import its own layer and those below it. A module straight under
#: ``trainer/`` that no layer names is engine, as is ``trainer`` itself, which re-exports the engine.
LAYERS = (
    ("engine", ()),  # cards, plays, rule sets, scoring, deals, matches, records, and the words they keep
    ("words", ("trainer.i18n",)),  # those words in the learner's language
    ("ai", ("trainer.ai",)),  # the computer's play and the solver
    ("puzzles", ("trainer.puzzles",)),  # puzzles, judged by the engine and the solver
    (
        "course",
        ("trainer.course", "trainer.course_messages", "trainer.course_numbers", "trainer.coverage"),
    ),  # the levels, built of puzzles
    ("progress", ("trainer.progress",)),  # the learner's progress, kept
    ("app", ("trainer.app",)),  # the Streamlit pages
    ("cli", ("trainer.cli",)),  # the command line
)
_LEVEL = {name: level for level, (_, names) in enumerate(LAYERS) for name in names}


def modules() -> dict[str, tuple[ast.Module, bool]]:
    """Every module of the package by its dotted name: its parsed source, and whether it is a package."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        *folders, stem = path.relative_to(PACKAGE.parent).with_suffix("").parts
        package = stem == "__init__"
        name = ".".join(folders if package else [*folders, stem])
        found[name] = (ast.parse(path.read_text(encoding="utf-8"), str(path)), package)
    return found


def imports(name: str, tree: ast.Module, package: bool, known: set[str]) -> set[str]:
    """The package's modules that module ``name`` imports, anywhere in it."""
    here = name if package else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's own package, or one above it for each dot after the first
                anchor = here.rsplit(".", node.level - 1)[0] if node.level > 1 else here
                base = f"{anchor}.{base}" if base else anchor
            found |= {f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names}
    return found & known - {name}


def graph() -> dict[str, set[str]]:
    """Module -> the package's modules it imports."""
    parsed = modules()
    return {name: imports(name, tree, package, set(parsed)) for name, (tree, package) in parsed.items()}


def layer(module: str) -> int:
    """The layer of a module: the one naming it or a package it is in, else engine for one straight under trainer."""
    parts = module.split(".")
    for size in range(len(parts), 0, -1):
        if (level := _LEVEL.get(".".join(parts[:size]))) is not None:
            return level
    assert len(parts) <= 2, f"{module} is in no layer: name it or its package in LAYERS"
    return 0


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One circle through each group of modules that import each other round (a strongly connected component of
    more than one module), each as a path that ends where it starts."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(module: str) -> None:  # Tarjan's algorithm
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(edges[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = set()
            while (top := stack.pop()) != module:
                group.add(top)
            if group:
                groups.append(group | {module})

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return [_circle(sorted(group)[0], group, edges) for group in groups]


def _circle(start: str, group: set[str], edges: dict[str, set[str]]) -> list[str]:
    """A shortest path from ``start`` back to itself within ``group``."""
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        module = frontier.pop(0)
        for other in sorted(edges[module] & group):
            if other == start:
                return [*paths[module], start]
            if other not in paths:
                paths[other] = [*paths[module], other]
                frontier.append(other)
    raise AssertionError(f"{start} is in no circle")


def test_no_module_imports_itself_round_in_a_circle() -> None:
    found = [" -> ".join(circle) for circle in cycles(graph())]
    for circle in found:
        print(circle)
    assert not found, f"import circles: {'; '.join(found)}"


def test_no_module_imports_from_a_layer_above_its_own() -> None:
    upward = [
        f"{module} ({LAYERS[layer(module)][0]}) imports {other} ({LAYERS[layer(other)][0]})"
        for module, others in sorted(graph().items())
        for other in sorted(others)
        if layer(other) > layer(module)
    ]
    for line in upward:
        print(line)
    assert not upward, "imports from a higher layer:\n" + "\n".join(upward)


def test_the_check_sees_deferred_imports_and_circles() -> None:
    source = "def later():\n    from trainer.a import f\n"
    assert imports("trainer.b", ast.parse(source), False, {"trainer.a", "trainer.b"}) == {"trainer.a"}
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert layer("trainer.cards") == 0 < layer("trainer.ai.bots") < layer("trainer.app.views.home")


def test_no_folder_beside_an_entry_script_is_served_as_pages_of_its_own() -> None:
    """Streamlit serves a folder named ``pages`` beside the entry script as pages without the app's navigation,
    titles, language or error handling; neither entry script (a clone's, an install's) has one."""
    import trainer.app.main

    for entry in (PACKAGE.parent / "streamlit_app.py", Path(trainer.app.main.__file__)):
        assert not (entry.parent / "pages").exists(), entry
