"""The widget scripts as the server sends them (`kartenspiele.serving.widget_fix`): the shared
manager's `get_model` looks once more after its last pause, anywidget waits longer for a model
to start; every other byte stays."""

from pathlib import Path

import pytest
from voila.utils import get_voila_labextensions_path

from kartenspiele.serving import widget_fix


def scripts(folder: str) -> list[Path]:
    """The installed extension's scripts in `folder`."""
    found = []
    for root in get_voila_labextensions_path():
        found += sorted((Path(root) / folder).glob("*.js"))
    return found


def manager_scripts() -> list[Path]:
    """The installed shared widget manager's scripts."""
    return scripts(widget_fix.MANAGER_FILES)


@pytest.mark.parametrize(("folder", "broken", "mended"), widget_fix.MENDS)
def test_the_installed_scripts_hold_the_text_and_are_mended_byte_exactly(folder, broken, mended):
    """If a new jupyterlab_widgets or anywidget changes the text, this fails: look whether the
    race is gone there."""
    holding = [path for path in scripts(folder) if broken.encode() in path.read_bytes()]
    assert holding, folder
    for path in scripts(folder):
        original, fixed = path.read_bytes(), widget_fix.fixed_content(str(path))
        assert widget_fix.applies(str(path)) and broken.encode() not in fixed
        parts = original.split(broken.encode())
        assert fixed == mended.encode().join(parts)
        assert fixed.count(mended.encode()) == original.count(broken.encode()) == len(parts) - 1


def test_only_the_widget_scripts_are_touched():
    assert widget_fix.applies("/x/labextensions/@jupyter-widgets/jupyterlab-manager/static/32.3281b05d23655ae8.js")
    assert widget_fix.applies("/x/labextensions/anywidget/static/528.d9f5934c.js")
    assert not widget_fix.applies("/x/labextensions/@jupyter-widgets/jupyterlab-manager/package.json")
    assert not widget_fix.applies("/x/labextensions/jupyterlab_pygments/static/remoteEntry.5cbb9d2323598fbda535.js")
