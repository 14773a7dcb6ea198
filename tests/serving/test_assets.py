"""The page's scripts and styles: versioned addresses, cache rules, unused extensions."""

from pathlib import Path

from kartenspiele.serving.assets import HASHED, UNUSED_EXTENSIONS, static_version, versioned_hook


def test_the_static_version_changes_with_any_file(tmp_path: Path):
    (tmp_path / "voila.js").write_text("a")
    (tmp_path / "1807.voila.js").write_text("b")
    first = static_version([str(tmp_path)])
    assert first == static_version([str(tmp_path)]) and len(first) == 16
    (tmp_path / "1807.voila.js").write_text("bb")  # a new Voilà: new addresses
    assert static_version([str(tmp_path)]) != first


def test_pages_take_the_versioned_scripts_and_leave_unused_extensions_out():
    config = {
        "fullStaticUrl": "/voila/static",
        "baseUrl": "/",
        "federated_extensions": [
            {"name": "jupyterlab_pygments", "load": "static/remoteEntry.5cbb9d2323598fbda535.js"},
            {"name": "anywidget", "load": "static/remoteEntry.698dcaf7.js"},
        ],
    }
    changed = versioned_hook("0123456789abcdef")(config)
    assert changed["fullStaticUrl"] == "/voila/static/v/0123456789abcdef"
    assert [e["name"] for e in changed["federated_extensions"]] == ["anywidget"]
    assert "jupyterlab_pygments" in UNUSED_EXTENSIONS
    assert config["fullStaticUrl"] == "/voila/static" and len(config["federated_extensions"]) == 2  # unchanged


def test_only_names_with_a_content_hash_are_kept_for_a_year():
    for name in ("remoteEntry.c8c9eed2cdefdeac.js", "2.3dbf81c0.js", "9834b82ad26e2a37583d.woff2"):
        assert HASHED.search(name), name
    for name in ("voila.js", "1807.voila.js", "package.json", "index.css", "voila-style.js"):
        assert not HASHED.search(name), name


def test_the_versioned_address_sits_below_each_base_url_after_the_configured_hook():
    hook = versioned_hook("0123456789abcdef", lambda page, **_: {**page, "kartenspiele": {"alive": "api/kernels/"}})
    anna = hook({"baseUrl": "/user/anna/", "federated_extensions": [{"name": "jupyterlab_pygments"}]})
    assert anna["fullStaticUrl"] == "/user/anna/voila/static/v/0123456789abcdef"
    assert anna["kartenspiele"] == {"alive": "api/kernels/"} and anna["federated_extensions"] == []
