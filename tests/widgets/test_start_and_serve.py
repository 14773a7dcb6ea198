"""The start page lists what exists; `kartenspiele serve` starts Voilà with the right settings."""

import json
import os
from pathlib import Path

import nbformat

from kartenspiele import serve
from kartenspiele.widgets import StartPage
from kartenspiele.widgets.start import APPS, find_lessons_folder

ROOT = Path(__file__).resolve().parents[2]


def write_notebook(path, heading=None):
    cells = [nbformat.v4.new_markdown_cell(f"# {heading}\n\nText")] if heading else []
    nbformat.write(nbformat.v4.new_notebook(cells=cells), str(path))


def test_start_page_links_apps_tutorials_and_the_lessons_present(tmp_path):
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    write_notebook(lessons / "02_paare.ipynb", "Paare und Reihen")
    write_notebook(lessons / "01_summen.ipynb")
    page = StartPage(lessons=lessons)
    html = page.body.value
    for _, href in APPS:
        assert f"href='{href}'" in html and (ROOT / "notebooks" / href).is_file()
    assert html.index("01 summen") < html.index("Paare und Reihen")
    assert "href='../lessons/02_paare.ipynb'" in html
    page.language.value = "en"
    assert "href='quanto.ipynb?lang=en'" in page.body.value and "Play Quanto" in page.body.value


def test_start_page_without_lessons_says_so(tmp_path):
    assert "Noch keine Unterrichtsstunden" in StartPage(lessons=tmp_path / "none").body.value


def test_lessons_folder_is_found_from_the_notebooks_folder():
    assert find_lessons_folder(ROOT / "notebooks") == ROOT / "lessons"


def test_every_app_notebook_is_a_few_lines_that_import_and_display():
    for path in (ROOT / "notebooks").glob("*.ipynb"):
        notebook = nbformat.read(str(path), as_version=4)
        code = [cell for cell in notebook.cells if cell.cell_type == "code"]
        assert len(code) == 1 and len(code[0].source.splitlines()) <= 3, path.name
        assert code[0].source.startswith(
            (
                "from kartenspiele.widgets import",
                "from kartenspiele.widgets.dashboard import",
                "from kartenspiele.lessons.board_tables import",  # the board, with the lessons' answer tables
            )
        ), path.name


def test_serve_finds_the_project_and_builds_voilas_command_line(tmp_path):
    assert serve.project_root(ROOT / "tests") == ROOT
    assert serve.start_url("127.0.0.1", 8866) == "http://127.0.0.1:8866/voila/render/notebooks/start.ipynb"
    args = serve.voila_arguments(ROOT, "127.0.0.1", 8866, None)
    assert args[0] == str(ROOT) and "--port=8866" in args and "--Voila.ip=127.0.0.1" in args
    assert "--no-browser" in args
    assert ("--KernelManager.transport=ipc" in args) == serve.unix_sockets_fit()  # no TCP ports to collide
    assert serve.unix_sockets_fit("/tmp") == (os.name == "posix")
    assert not serve.unix_sockets_fit("/var/folders/zz/zyxvpxvq6csfxvn_n0000000000000/T")  # macOS: too long
    culled = serve.voila_arguments(ROOT, "127.0.0.1", 9000, 30)
    assert "--MappingKernelManager.cull_idle_timeout=30" in culled


def test_voila_settings_strip_sources_hide_tracebacks_and_cull_kernels():
    settings = json.loads((ROOT / "voila.json").read_text())
    assert settings["VoilaConfiguration"] == {
        "strip_sources": True,
        "show_tracebacks": False,
        "file_allowlist": [],
    }  # the template is named by `kartenspiele serve` and Binder's server settings (see postBuild)
    culling = settings["MappingKernelManager"]
    assert culling["cull_idle_timeout"] > 0 and culling["cull_interval"] > 0
    assert culling["cull_connected"] is False  # a pupil's open page is never culled
    # a page's output may come seconds after its cell finished when a class opens pages at once;
    # nbclient's default (4 s) left those pages empty
    assert settings["VoilaExecutor"]["iopub_timeout"] >= 120


def test_serve_hands_the_store_to_the_kernels(tmp_path, monkeypatch, capsys):
    from kartenspiele.classroom.store.interface import ENVIRONMENT_VARIABLE
    from kartenspiele.classroom.store.opening import store_url

    monkeypatch.delenv(ENVIRONMENT_VARIABLE, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert store_url() == f"sqlite:///{tmp_path / 'xdg' / 'kartenspiele' / 'kartenspiele.db'}"
    serve.use_store(store_url(tmp_path / "data"))
    assert serve.os.environ[ENVIRONMENT_VARIABLE] == f"sqlite:///{tmp_path / 'data' / 'kartenspiele.db'}"
    assert (tmp_path / "data" / "kartenspiele.db").is_file()
    assert f"data: sqlite:///{tmp_path / 'data'}" in capsys.readouterr().out
    serve.use_store("redis://127.0.0.1:1/0")  # nothing listens there: a message, no crash
    assert "cannot be reached" in capsys.readouterr().err
    assert serve.os.environ[ENVIRONMENT_VARIABLE] == "redis://127.0.0.1:1/0"
