"""The house's contract, read from the package's source with `ast`: its layers import only
downward, and so do the concept folders of a package that has them (`classroom`); no import
circle spans two packages (nor hides in a function), the few circles inside one package are
the ones named below, and no module is over 600 lines.

`LAYERS` is the one place that names the layers (`docs/architecture.md` explains them). `ast`
rather than `import-linter` or `grimp`: the contract is a list and three graph checks, the
source is ours, and reading it needs nothing installed.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "kartenspiele"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("__main__",),  # `python -m kartenspiele`: the command line without the console script
    ("cli", "serve"),  # serving: the command line and `kartenspiele serve`
    ("serving", "site"),  # serving: the Voilà app, its limits, access and teacher option; the in-browser site's app
    ("lessons",),  # lesson pages: each lesson's steps and widgets, the practice widget, the index
    ("widgets",),  # pages and widgets: tables, lobby, start page, join box, gate, dashboard, board
    ("classroom", "practice"),  # models: what outlives a kernel; exercise generators and checks
    ("bots",),  # computer players, hints, tournaments
    ("quanto", "tausch_rausch"),  # the engines
    ("sections",),  # the lessons' sections as data (with the section for each kind of mistake)
    ("kernel", "catalogue", "lite"),  # a served kernel's side (its page, click limit, memos); the lessons as data;
    # the in-browser build's switch
    ("core",),  # game-agnostic foundations: RNG, events, session, errors
    ("arithmetic", "i18n", "binder"),  # pure functions, the text table, the Binder address
)
"""Top to bottom. A package imports only packages of lower layers; packages that share a layer
do not import each other."""

FOLDERS: dict[str, tuple[tuple[str, ...], ...]] = {
    "classroom": (
        ("rooms", "classes"),  # shared games and their codes; classes, pupils and their evidence
        ("store", "people"),  # the store and its files; who looks at a page and the names people type
    ),
}
"""Packages whose modules live in concept folders, with the folders top to bottom as in
`LAYERS`: a folder imports only folders of lower rows, never one of its own row, and every
module of the package is in one of them."""

SAME_CONCEPT: dict[frozenset[str], str] = {
    frozenset({"quanto.cards", "quanto.display", "quanto.explain"}): (
        "a Quanto card, its picture and its name (`Card._repr_html_` draws it by name)"
    ),
    frozenset({"quanto.state", "quanto.serialise", "quanto.view"}): (
        "Quanto's state and its own API: `to_json`/`from_json` and a player's `view`"
    ),
    frozenset(
        {
            "tausch_rausch.cards",
            "tausch_rausch.tasks",
            "tausch_rausch.finder",
            "tausch_rausch.difficulty",
            "tausch_rausch.display",
        }
    ): "a card and a task card with their own methods: pictures, the cards that fulfil a task, its reward",
    frozenset({"tausch_rausch.state", "tausch_rausch.serialise", "tausch_rausch.view"}): (
        "Tausch-Rausch's state and its own API: `to_json`/`from_json` and a player's `view`"
    ),
}
"""The circles allowed inside one package, each one concept spread over files (module names
without the leading `kartenspiele.`). Any other circle fails."""

MAX_LINES = 600


@dataclass(frozen=True)
class Import:
    source: str  # module names without the leading "kartenspiele."
    target: str
    line: int
    in_function: bool
    type_only: bool  # under `if TYPE_CHECKING:`: never runs


def modules(package: Path) -> dict[str, Path]:
    """Every module of `package` by its dotted name below the package ("" for its `__init__`)."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and ast.unparse(test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")


def _walk(node: ast.AST, in_function: bool, type_only: bool) -> Iterator[tuple[ast.AST, bool, bool]]:
    for child in ast.iter_child_nodes(node):
        yield child, in_function, type_only
        yield from _walk(
            child,
            in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)),
            type_only or _type_checking(child),
        )


def imports(package: Path) -> list[Import]:
    """Every import of one of the package's modules by another, wherever it stands."""
    known = modules(package)
    name = package.name

    def resolve(dotted: str) -> str | None:
        while dotted and dotted not in known:
            dotted = dotted.rpartition(".")[0]
        return dotted if dotted in known else None

    found = []
    for module, path in known.items():
        is_package = path.name == "__init__.py"
        for node, in_function, type_only in _walk(ast.parse(path.read_text(encoding="utf-8")), False, False):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = [name, *module.split(".")] if module else [name]
                    if not is_package:
                        base = base[:-1]
                    base = base[: len(base) - (node.level - 1)]
                    origin = ".".join(base + ([node.module] if node.module else []))
                else:
                    origin = node.module or ""
                targets = [f"{origin}.{alias.name}" for alias in node.names]
            for target in targets:
                if target != name and not target.startswith(name + "."):
                    continue
                resolved = resolve(target.removeprefix(name).lstrip("."))
                if resolved is not None and resolved != module:
                    found.append(Import(module, resolved, node.lineno, in_function, type_only))
    return found


def group(module: str) -> str:
    return module.split(".")[0]


def layer_of(package: str) -> int:
    for number, layer in enumerate(LAYERS):
        if package in layer:
            return number
    raise AssertionError(f"kartenspiele.{package} belongs to no layer: add it to LAYERS in {__file__}")


def _against_order(found: list[Import], rank: Callable[[str, str], int | None], what: str) -> list[str]:
    """The imports whose target does not rank below their source (`rank(source, target)` is the
    target's rank minus the source's, lower is further down; None where the order does not apply)."""
    wrong: list[str] = []
    for item in found:
        step = rank(item.source, item.target)
        if step is not None and step <= 0:
            where = "inside a function " if item.in_function else ""
            line = f"kartenspiele.{item.source}:{item.line} imports kartenspiele.{item.target} {where}(up a {what})"
            if line not in wrong:
                wrong.append(line)
    return wrong


def upward(found: list[Import]) -> list[str]:
    """Imports that run up a layer or sideways between packages of one layer."""

    def rank(source: str, target: str) -> int | None:
        if group(source) in ("", group(target)):
            return None
        return layer_of(group(target)) - layer_of(group(source))

    return _against_order(found, rank, "layer")


def folder_of(module: str) -> tuple[str, str] | None:
    """(package, concept folder) of a module in a package of `FOLDERS`, else None."""
    package, _, rest = module.partition(".")
    if package not in FOLDERS or not rest:
        return None
    return package, rest.split(".")[0]


def folder_row(package: str, folder: str) -> int:
    for number, row in enumerate(FOLDERS[package]):
        if folder in row:
            return number
    raise AssertionError(f"kartenspiele.{package}.{folder} is in no folder row: add it to FOLDERS in {__file__}")


def upward_in_folders(found: list[Import]) -> list[str]:
    """Imports inside a package of `FOLDERS` that run up a row or sideways between its folders."""

    def rank(source: str, target: str) -> int | None:
        here, there = folder_of(source), folder_of(target)
        if here is None or there is None or here[0] != there[0] or here[1] == there[1]:
            return None
        return folder_row(*there) - folder_row(*here)

    return _against_order(found, rank, "folder")


def circles(found: list[Import]) -> list[frozenset[str]]:
    """The import circles that run (strongly connected modules; `TYPE_CHECKING` imports aside)."""
    graph: dict[str, set[str]] = {}
    for item in found:
        if not item.type_only:
            graph.setdefault(item.source, set()).add(item.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    result = []

    def visit(node: str) -> None:  # Tarjan's algorithm
        index[node] = low[node] = len(index)
        stack.append(node)
        for successor in sorted(graph.get(node, ())):
            if successor not in index:
                visit(successor)
                low[node] = min(low[node], low[successor])
            elif successor in stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                result.append(frozenset(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return result


@pytest.fixture(scope="module")
def package_imports() -> list[Import]:
    return imports(PACKAGE)


def test_every_package_has_its_layer():
    for module in modules(PACKAGE):
        if module:
            layer_of(group(module))


def test_every_folder_of_modules_is_a_package():
    """A folder without `__init__.py` imports from the source tree but is left out of the wheel."""
    folders = {path.parent for path in PACKAGE.rglob("*.py")}
    assert sorted(str(folder) for folder in folders if not (folder / "__init__.py").exists()) == []


def test_layers_import_only_downward(package_imports):
    assert upward(package_imports) == []


def test_every_module_of_a_foldered_package_is_in_a_named_folder():
    for module, path in modules(PACKAGE).items():
        package, _, rest = module.partition(".")
        if package in FOLDERS and rest:
            beside = path.parent == PACKAGE / package
            assert not beside, f"kartenspiele.{module} stands beside the concept folders of kartenspiele.{package}"
            folder_row(package, rest.split(".")[0])


def test_concept_folders_import_only_downward(package_imports):
    assert upward_in_folders(package_imports) == []


def test_no_circle_between_packages_and_only_the_named_ones_inside(package_imports):
    found = circles(package_imports)
    spanning = [sorted(circle) for circle in found if len({group(module) for module in circle}) > 1]
    assert spanning == [], "circles between packages"
    unnamed = [sorted(circle) for circle in found if circle not in SAME_CONCEPT]
    assert unnamed == [], "a circle that is not one concept (see SAME_CONCEPT)"


def test_no_import_in_a_function_closes_a_circle(package_imports):
    inside = {(item.source, item.target) for item in package_imports if item.in_function and not item.type_only}
    hidden = [
        f"kartenspiele.{source} -> kartenspiele.{target}"
        for circle in circles(package_imports)
        for source, target in sorted(inside)
        if {source, target} <= circle and circle not in SAME_CONCEPT
    ]
    assert hidden == []


def test_no_module_over_600_lines():
    long = {
        f"kartenspiele/{path.relative_to(PACKAGE)}": count
        for path in modules(PACKAGE).values()
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


def test_the_checks_find_an_upward_import_and_a_hidden_circle(tmp_path):
    """The checks themselves fail where they should: a planted package with a model that
    imports a widget inside a function, and a widget that imports the model."""
    package = tmp_path / "kartenspiele"
    (package / "classroom").mkdir(parents=True)
    (package / "widgets").mkdir()
    (package / "__init__.py").write_text("")
    (package / "classroom" / "__init__.py").write_text("")
    (package / "widgets" / "__init__.py").write_text("")
    (package / "classroom" / "rooms.py").write_text("def f():\n    from ..widgets import room\n")
    (package / "widgets" / "room.py").write_text("from ..classroom import rooms\n")
    found = imports(package)
    assert upward(found) == [
        "kartenspiele.classroom.rooms:2 imports kartenspiele.widgets.room inside a function (up a layer)"
    ]
    assert circles(found) == [frozenset({"classroom.rooms", "widgets.room"})]


def test_the_folder_check_finds_an_upward_and_a_sideways_import(tmp_path):
    """The store (bottom) importing rooms is up a folder; rooms importing classes is sideways."""
    package = tmp_path / "kartenspiele"
    for folder in ("classroom", "classroom/store", "classroom/rooms", "classroom/classes"):
        (package / folder).mkdir(parents=True)
        (package / folder / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "classroom" / "store" / "interface.py").write_text("from ..rooms import rooms\n")
    (package / "classroom" / "rooms" / "rooms.py").write_text(
        "from ..store import interface\nfrom ..classes import pupil\n"
    )
    (package / "classroom" / "classes" / "pupil.py").write_text("from ..store import interface\n")
    assert upward_in_folders(imports(package)) == [
        "kartenspiele.classroom.rooms.rooms:2 imports kartenspiele.classroom.classes.pupil (up a folder)",
        "kartenspiele.classroom.store.interface:1 imports kartenspiele.classroom.rooms.rooms (up a folder)",
    ]
