"""Access rules of `kartenspiele serve`: passwords, Host header, login cookie, kernel caps."""

import argparse
import asyncio
import concurrent.futures
import re
import subprocess
import sys
from types import SimpleNamespace

import pytest
import segno
import tornado.web

from kartenspiele.classroom.people.roles import valid_teacher_code
from kartenspiele.core.errors import ServeSetupError
from kartenspiele.i18n import set_language
from kartenspiele.serve import announce, main, start_url
from kartenspiele.serving.access import COOKIE, Access, is_example, is_loopback, split_host, strong_enough
from kartenspiele.serving.handlers import (
    START_PATH,
    local_target,
    logged_in,
    login_mark,
)
from kartenspiele.serving.limits import KernelLimits, client_keys, ready_kernels
from kartenspiele.serving.teacher import teacher_code
from tests.e2e.driver import ROOT


def run_alone(coroutine):
    """`coroutine` run to its end on a thread of its own (an earlier test in this worker may
    have left an event loop running on this one)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_loopback_needs_no_password():
    access = Access.create("127.0.0.1", 8866)
    assert not access.public and access.password is None


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.20", "::"])
def test_other_addresses_need_a_class_password(host):
    with pytest.raises(ServeSetupError) as caught:
        Access.create(host, 8866)
    assert "Passwort" in caught.value.message("de") and host in caught.value.message("de")
    assert "password" in caught.value.message("en")
    assert Access.create(host, 8866, "Dachs7373").public


@pytest.mark.parametrize("password", ["ab", "Igel42", "Igel424", "    ", " " * 12, "\t \n  \t  ", "Igel 424"])
def test_a_password_too_short_or_blank_is_refused_in_both_languages(password):
    with pytest.raises(ServeSetupError) as caught:
        Access.create("0.0.0.0", 8866, password)
    assert "mindestens 8 Zeichen, Leerzeichen nicht mitgezählt" in caught.value.message("de")
    assert "at least 8 characters, not counting spaces" in caught.value.message("en")


@pytest.mark.parametrize("password", ["Dachs7373", "Dachs 7373", "Fuchsbau"])
def test_eight_characters_besides_spaces_are_enough(password):
    assert Access.create("0.0.0.0", 8866, password).password == password


def serve_alone(home, *options: str) -> subprocess.CompletedProcess:
    """`kartenspiele serve OPTIONS` in a bare environment (it is to stop before serving)."""
    return subprocess.run(
        [sys.executable, "-m", "kartenspiele.cli", "serve", *options],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "HOME": str(home)},
    )


def test_serve_refuses_a_public_address_without_password_before_binding(tmp_path):
    result = serve_alone(tmp_path, "--host", "0.0.0.0", "--port", "1", "--lang", "en")
    assert result.returncode == 2
    assert "needs a class password" in result.stderr and "Card games" not in result.stdout


@pytest.mark.parametrize(
    ("header", "host"),
    [
        ("127.0.0.1:8866", "127.0.0.1"),
        ("[::1]:80", "::1"),
        ("LocalHost", "localhost"),
        ("evil.example:8866", "evil.example"),
    ],
)
def test_split_host(header, host):
    assert split_host(header) == host


def test_host_header_must_name_this_server():
    local = Access.create("127.0.0.1", 8866)
    assert local.host_allowed("127.0.0.1:8866") and local.host_allowed("localhost:8866")
    assert not local.host_allowed("attacker.example:8866")  # DNS rebinding
    lan = Access.create("192.168.7.9", 8866, "Dachs7373", names=("spiele.schule.example",))
    assert lan.host_allowed("192.168.7.9:8866") and lan.host_allowed("spiele.schule.example")
    assert not lan.host_allowed("192.168.7.10:8866") and not lan.host_allowed("spiele.example")
    assert is_loopback("::1") and not is_loopback("10.0.0.1")


def test_login_cookie_is_signed_and_bound_to_the_password():
    secret = b"s" * 32
    cookie = tornado.web.create_signed_value(secret, COOKIE, login_mark(secret, "Dachs7373")).decode()
    assert logged_in(cookie, secret, "Dachs7373")
    assert not logged_in(cookie, secret, "Fuchs7777")  # a new password ends old logins
    assert not logged_in(cookie, b"t" * 32, "Dachs7373")  # signed by another server
    assert not logged_in(login_mark(secret, "Dachs7373"), secret, "Dachs7373") and not logged_in(
        None, secret, "Dachs7373"
    )
    # another server's mark, even signed with this server's secret, is no login here
    other = tornado.web.create_signed_value(secret, COOKIE, login_mark(b"t" * 32, "Dachs7373")).decode()
    assert not logged_in(other, secret, "Dachs7373")


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("/voila/render/notebooks/quanto.ipynb?lang=en", "/voila/render/notebooks/quanto.ipynb?lang=en"),
        ("https://evil.example/", START_PATH),
        ("//evil.example", START_PATH),
        ("quanto.ipynb", START_PATH),
    ],
)
def test_after_login_only_local_targets(target, expected):
    assert local_target(target) == expected


def test_kernel_caps_in_total_and_per_device():
    limits = KernelLimits(total=3, per_client=2)
    limits.record("k1", client_keys("tablet-a", "10.0.0.5"))
    limits.record("k2", client_keys("tablet-a", "10.0.0.5"))
    assert limits.refusal(client_keys("tablet-a", "10.0.0.5"), ["k1", "k2"]) == ("client", 2)
    assert limits.refusal(client_keys("tablet-b", "10.0.0.5"), ["k1", "k2"]) is None  # same address
    limits.begin(client_keys("tablet-b", "10.0.0.5"))  # a page being rendered counts before its kernel exists
    assert limits.refusal(client_keys("tablet-c", "10.0.0.7"), ["k1", "k2"]) == ("total", 3)
    limits.end(client_keys("tablet-b", "10.0.0.5"))
    assert limits.refusal(client_keys("tablet-a", "10.0.0.5"), ["k2"]) is None  # k1 was shut down
    assert KernelLimits(0, 0, 0).refusal(client_keys(None, "x"), [str(n) for n in range(500)]) is None


def test_thirty_devices_behind_one_address_get_their_pages():
    """A class behind one NAT: every device counts on its own; the first pages, which came
    without a device cookie, share the address's budget and the class stays under it."""
    limits = KernelLimits()
    for pupil in range(30):
        assert limits.refusal(client_keys(None, "203.0.113.9"), limits.owners) is None
        limits.record(
            f"start{pupil}", (*client_keys(f"pupil{pupil}", "203.0.113.9"), *client_keys(None, "203.0.113.9"))
        )
        assert limits.refusal(client_keys(f"pupil{pupil}", "203.0.113.9"), limits.owners) is None
        limits.record(f"game{pupil}", client_keys(f"pupil{pupil}", "203.0.113.9"))
    assert len(limits.owners) == 60


def test_pages_without_a_device_cookie_share_their_address_budget():
    """A client that drops its cookies gets a new device id with every page: the pages count
    under its address too, and past `per_address` it is refused; other addresses are not."""
    limits = KernelLimits(total=0, per_client=8, per_address=40)
    kernels: list[str] = []
    for page in range(40):
        assert limits.refusal(client_keys(None, "198.51.100.4"), kernels) is None
        kernels.append(f"k{page}")
        limits.record(f"k{page}", (*client_keys(f"fresh{page}", "198.51.100.4"), *client_keys(None, "198.51.100.4")))
    assert limits.refusal(client_keys(None, "198.51.100.4"), kernels) == ("address", 40)
    assert limits.refusal(client_keys(None, "198.51.100.5"), kernels) is None
    assert limits.refusal(client_keys("fresh0", "198.51.100.4"), kernels) is None  # its own cookie back: 1 of 8
    assert limits.refusal(client_keys(None, "198.51.100.4"), kernels[1:]) is None  # one closed: room again


def test_a_page_counts_once_while_it_is_still_sent_with_its_kernel():
    """A class's first pages at once, without device cookies: each counts once under its address
    and in the total while it is still being sent (before, twice: its kernel and its request;
    20 of 30 pages at once filled the address's budget of 40)."""
    limits = KernelLimits(total=3, per_client=0, per_address=2)
    kernels: list[str] = []
    for page in range(2):
        assert limits.refusal(client_keys(None, "10.0.0.7"), kernels) is None
        keys = (*client_keys(f"new{page}", "10.0.0.7"), *client_keys(None, "10.0.0.7"))
        limits.begin(keys)
        kernels.append(f"k{page}")
        limits.record(f"k{page}", keys)  # its page is still being sent
    assert limits.refusal(client_keys(None, "10.0.0.7"), kernels) == ("address", 2)
    assert limits.refusal(client_keys("tablet", "10.0.0.8"), kernels) is None  # 2 pages of 3, not 4
    limits.begin(client_keys("tablet", "10.0.0.8"))  # a page that failed before it got a kernel
    assert limits.refusal(client_keys("other", "10.0.0.9"), kernels) == ("total", 3)
    limits.end(client_keys("tablet", "10.0.0.8"))
    assert limits.refusal(client_keys("other", "10.0.0.9"), kernels) is None


def test_kernels_started_ahead_do_not_fill_the_server():
    """`--preheat 30` for three pages keeps 90 kernels ready; the cap of 60 counts pages."""
    limits = KernelLimits(total=60, per_client=0)
    ready = [f"ready{n}" for n in range(90)]
    keys = client_keys("tablet", "10.0.0.5")
    assert limits.refusal(keys, ready, ready) is None
    pages = [f"page{n}" for n in range(60)]
    assert limits.refusal(keys, ready + pages, ready) == ("total", 60)
    assert limits.refusal(keys, ready + pages[:59], ready) is None


def test_ready_kernels_are_read_from_voilas_pools():
    async def pools() -> set[str]:
        loop = asyncio.get_running_loop()
        done, failed, waiting = loop.create_future(), loop.create_future(), loop.create_future()
        done.set_result({"kernel_id": "k1"})
        failed.set_exception(RuntimeError("kernel died"))
        manager = SimpleNamespace(_pools={"notebooks/quanto.ipynb": [done, failed, waiting]})
        found = ready_kernels(manager)
        waiting.cancel()
        return found

    assert run_alone(pools()) == {"k1"}
    assert ready_kernels(SimpleNamespace()) == set()


def test_a_public_server_prints_its_address_and_a_qr_code_of_it(capsys):
    access = Access.create("192.168.7.9", 8866, "Dachs7373")
    announce(access, 8866)
    printed = capsys.readouterr().out
    url = start_url("192.168.7.9", 8866)
    assert f"Kartenspiele: {url}" in printed and "QR-Code" in printed
    qr_lines = [line for line in printed.splitlines() if "█" in line or "▀" in line or "▄" in line]
    assert len(qr_lines) >= segno.make(url, error="m").symbol_size()[1] // 2 - 1


def test_a_local_server_prints_no_qr_code(capsys):
    announce(Access.create("127.0.0.1", 8866), 8866)
    printed = capsys.readouterr().out
    assert printed.strip() == f"Kartenspiele: {start_url('127.0.0.1', 8866)}"


def test_main_reports_a_short_password_and_changes_nothing(capsys):
    try:
        assert main(["--host", "127.0.0.1", "--password", "ab", "--lang", "en"]) == 2
        assert main(["--host", "0.0.0.0", "--password", "    ", "--lang", "en"]) == 2
        assert main(["--host", "0.0.0.0", "--password", "Igel424"]) == 2
    finally:
        set_language("de")
    printed = capsys.readouterr().err.splitlines()
    assert "at least 8 characters, not counting spaces" in printed[0] and printed[0] == printed[1]
    assert "mindestens 8 Zeichen, Leerzeichen nicht mitgezählt" in printed[2]


DOCUMENTS = ("README.md", "docs", "deploy", "kartenspiele/lessons/teacher_notes", "kartenspiele/i18n")
EXAMPLE_PATTERN = re.compile(
    r"(?:--password[ =]|--teacher-code[ =]|KARTENSPIELE_TEACHER_CODE=|KARTENSPIELE_PASSWORD=)([A-Za-z0-9]+)"
)


def documented_examples() -> set[str]:
    """Every password and teacher code the documents print after the option that takes it."""
    found = set()
    for name in DOCUMENTS:
        path = ROOT / name
        for file in [path] if path.is_file() else [f for f in path.rglob("*") if f.suffix in (".md", ".json", ".py")]:
            found |= set(EXAMPLE_PATTERN.findall(file.read_text(encoding="utf-8")))
    return {example for example in found if example.upper() != example}  # not a placeholder such as WORT


def test_every_example_password_and_code_of_the_documents_is_refused_at_start():
    examples = documented_examples()
    assert {"Igel4242", "tafel2026"} <= examples  # (the guide now prints placeholders: IHR_PASSWORT)
    for example in examples:
        assert is_example(example), example
        if strong_enough(example):
            with pytest.raises(ServeSetupError) as caught:
                Access.create("0.0.0.0", 8866, example)
            assert "Wähle ein eigenes" in caught.value.message("de")
            assert "Choose your own" in caught.value.message("en")
        if valid_teacher_code(example):
            with pytest.raises(argparse.ArgumentTypeError) as refused:
                teacher_code(example)
            assert "Choose your own" in str(refused.value) and "Wählen Sie einen eigenen" in str(refused.value)
    assert is_example(" igel 4242 ") and not is_example("Igel4243")


def test_serve_says_choose_your_own_for_an_example_teacher_code(tmp_path):
    result = serve_alone(tmp_path, "--teacher-code", "tafel2026", "--port", "1")
    assert result.returncode == 2
    assert "Choose your own" in result.stderr and "Wählen Sie einen eigenen" in result.stderr
