"""Roles: the teacher code decides, in the kernel, whether a page is a teacher's."""

import argparse
import json

import pytest

from kartenspiele.classroom.people import roles
from kartenspiele.lessons import subsets
from kartenspiele.lessons.teacher import for_teachers, teachers_guide
from kartenspiele.serving.teacher import add_teacher_option, announce_teacher, teacher_url
from kartenspiele.widgets.gate import RefusalPage, teacher_page
from kartenspiele.widgets.start import StartPage


def voila_page(monkeypatch, query, code="geheim42"):
    """Pretend to be a kernel Voilà started for a page with `query`."""
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    monkeypatch.setenv("QUERY_STRING", query)
    if code is None:
        monkeypatch.delenv(roles.CODE_ENV, raising=False)
    else:
        monkeypatch.setenv(roles.CODE_ENV, code)


@pytest.mark.parametrize(
    "query, code, expected",
    [
        ("lehrkraft=geheim42", "geheim42", roles.Role.TEACHER),
        ("lang=en&lehrkraft=geheim42", "geheim42", roles.Role.TEACHER),
        ("", "geheim42", roles.Role.PUPIL),
        ("lehrkraft=geheim43", "geheim42", roles.Role.PUPIL),
        ("lehrkraft=GEHEIM42", "geheim42", roles.Role.PUPIL),
        ("lehrkraft=", "geheim42", roles.Role.PUPIL),
        ("lehrkraft=", None, roles.Role.PUPIL),  # no code set: nobody is a teacher in Voilà
        ("lehrkraft=x", "", roles.Role.PUPIL),
    ],
)
def test_the_role_follows_the_teacher_code(monkeypatch, query, code, expected):
    voila_page(monkeypatch, query, code)
    assert roles.role() is expected


def outside_voila(monkeypatch, code=None):
    """A kernel of JupyterLab, nbval or a script: no page request, no hub."""
    for name in ("SERVER_SOFTWARE", "JUPYTERHUB_API_URL", "JUPYTERHUB_API_TOKEN", roles.CODE_ENV):
        monkeypatch.delenv(name, raising=False)
    if code is not None:
        monkeypatch.setenv(roles.CODE_ENV, code)


def test_outside_voila_nobody_is_a_teacher_without_the_code(monkeypatch):
    """JupyterLab is no longer "not Voilà, so a teacher": without the code it shows the pupil's view."""
    outside_voila(monkeypatch)
    assert roles.role() is roles.Role.PUPIL
    monkeypatch.setenv("QUERY_STRING", "lehrkraft=geheim42")  # a page address means nothing outside Voilà
    assert not roles.is_teacher()
    assert teacher_page(lambda: "guide").__class__ is RefusalPage


@pytest.mark.parametrize("code, expected", [("kreide7171", True), ("kurz", False), ("", False), ("tafel 2026", False)])
def test_outside_voila_a_kernel_started_with_the_teacher_code_is_a_teachers(monkeypatch, code, expected):
    outside_voila(monkeypatch, code)
    assert roles.is_teacher() is expected


def test_outside_voila_a_hub_without_answer_makes_nobody_a_teacher(monkeypatch):
    """A hub address that does not answer (a stopped hub, a made-up token): a pupil, at once."""
    outside_voila(monkeypatch)
    monkeypatch.setenv("JUPYTERHUB_API_URL", "http://127.0.0.1:9/hub/api")  # the discard port: refused
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "made-up")
    assert roles.role() is roles.Role.PUPIL


def test_new_codes_are_random_and_valid():
    codes = {roles.new_teacher_code() for _ in range(50)}
    assert len(codes) == 50 and all(roles.valid_teacher_code(code) for code in codes)
    assert not roles.valid_teacher_code("abc12") and not roles.valid_teacher_code("abc 123")
    assert not roles.valid_teacher_code("äöü123")


def test_serve_prints_a_teacher_address_and_hands_the_code_to_kernels(monkeypatch):
    monkeypatch.delenv(roles.CODE_ENV, raising=False)
    parser = argparse.ArgumentParser()
    add_teacher_option(parser)
    line = announce_teacher(parser.parse_args(["--teacher-code", "kreide7171"]), "http://127.0.0.1:1/voila/render/")
    assert line.endswith("http://127.0.0.1:1/voila/render/notebooks/lehrkraft.ipynb?lehrkraft=kreide7171")
    import os

    assert os.environ[roles.CODE_ENV] == "kreide7171"
    first = announce_teacher(parser.parse_args([]), "b/")
    assert (
        os.environ[roles.CODE_ENV] != "kreide7171"
        and first == f"Lehrkraft / teacher: {teacher_url('b/', os.environ[roles.CODE_ENV])}"
    )


def test_a_bad_teacher_code_is_refused_in_both_languages(capsys):
    parser = argparse.ArgumentParser()
    add_teacher_option(parser)
    with pytest.raises(SystemExit):
        parser.parse_args(["--teacher-code", "kurz"])
    error = capsys.readouterr().err
    assert "mindestens 6 Buchstaben" in error and "at least 6 letters" in error


def test_teacher_pages_refuse_pupils_without_building_anything(monkeypatch):
    built = []
    voila_page(monkeypatch, "lehrkraft=falsch123")
    page = teacher_page(lambda: built.append(1))
    assert isinstance(page, RefusalPage) and not built
    html = page.children[1].value
    assert "Nur für Lehrkräfte" in html and "../notebooks/start.ipynb" in html
    voila_page(monkeypatch, "lang=en")
    assert "For teachers only" in RefusalPage().children[1].value
    voila_page(monkeypatch, "lehrkraft=geheim42")
    assert teacher_page(lambda: "page") == "page"


def shown(monkeypatch, call):
    """What a call displays, as text."""
    outputs = []
    monkeypatch.setattr("kartenspiele.lessons.teacher.display", lambda obj: outputs.append(obj))
    result = call()
    return result, " ".join(str(obj.data) if hasattr(obj, "data") else repr(obj) for obj in outputs)


def test_lesson_teacher_sections_are_rendered_for_teachers_only(monkeypatch):
    voila_page(monkeypatch, "")
    assert shown(monkeypatch, lambda: for_teachers(subsets)) == (None, "")
    result, _ = shown(monkeypatch, teachers_guide)
    assert isinstance(result, RefusalPage)
    voila_page(monkeypatch, "lehrkraft=geheim42")
    _, text = shown(monkeypatch, lambda: for_teachers(subsets))
    assert "## Für Lehrkräfte" in text and str(subsets.solutions().data) in text
    assert "Leitfragen" in text and "PackDownload('subsets')" in text  # notes per exercise, the pack
    _, guide = shown(monkeypatch, teachers_guide)
    assert "Handreichung" in guide and "Datenschutz" in guide and "Leitfragen" in guide


def test_the_start_page_links_the_guide_for_teachers_only_and_keeps_the_code(monkeypatch, tmp_path):
    for name in ("01_teilsummen.ipynb", "handreichung.ipynb"):
        (tmp_path / name).write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    voila_page(monkeypatch, "")
    pupil = StartPage(lessons=tmp_path).body.value
    assert "handreichung" not in pupil and "01_teilsummen.ipynb'" in pupil and "lehrkraft" not in pupil
    voila_page(monkeypatch, "lehrkraft=geheim42&lang=en")
    teacher = StartPage(lessons=tmp_path).body.value
    assert "handreichung.ipynb?lang=en&amp;lehrkraft=geheim42" in teacher
    assert "quanto.ipynb?lang=en&amp;lehrkraft=geheim42" in teacher
