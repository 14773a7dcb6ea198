"""The widget manager's script as the server sends it: `get_model` looks once more after its
last pause (`kartenspiele.serving.widget_fix`)."""

from pathlib import Path

from voila.utils import get_voila_labextensions_path

from kartenspiele.serving import widget_fix


def manager_scripts() -> list[Path]:
    """The installed shared widget manager's scripts."""
    found = []
    for root in get_voila_labextensions_path():
        found += sorted((Path(root) / widget_fix.MANAGER_FILES).glob("*.js"))
    return found


def test_the_installed_widget_manager_has_the_loop_that_gives_up_once():
    """If a new jupyterlab_widgets changes `get_model`, this fails: look whether the race is gone."""
    holding = [path for path in manager_scripts() if widget_fix.GIVES_UP.encode() in path.read_bytes()]
    assert len(holding) == 1, holding


def test_the_loop_is_mended_and_every_other_byte_stays():
    for path in manager_scripts():
        original = path.read_bytes()
        fixed = widget_fix.fixed_content(str(path))
        assert widget_fix.applies(str(path))
        assert widget_fix.GIVES_UP.encode() not in fixed
        if widget_fix.GIVES_UP.encode() in original:
            assert fixed.count(widget_fix.LOOKS_LAST.encode()) == 1
            before, _, after = original.partition(widget_fix.GIVES_UP.encode())
            assert fixed == before + widget_fix.LOOKS_LAST.encode() + after
        else:
            assert fixed == original


def test_only_the_widget_managers_scripts_are_touched():
    assert widget_fix.applies("/x/labextensions/@jupyter-widgets/jupyterlab-manager/static/32.3281b05d23655ae8.js")
    assert not widget_fix.applies("/x/labextensions/@jupyter-widgets/jupyterlab-manager/package.json")
    assert not widget_fix.applies("/x/labextensions/anywidget/static/remoteEntry.698dcaf7.js")
