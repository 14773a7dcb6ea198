"""The planners run without their time guard in the tests, so that a busy machine cannot
change a choice (the guard only ever cuts the number of sampled deals)."""

import dataclasses
from importlib import import_module

import pytest

PLANNERS = ["kartenspiele.bots.quanto.planner", "kartenspiele.bots.tausch_rausch.planner"]


@pytest.fixture(autouse=True)
def planners_without_time_limit(monkeypatch):
    for name in PLANNERS:
        module = import_module(name)
        monkeypatch.setattr(module, "SETTINGS", dataclasses.replace(module.SETTINGS, time_limit=None))
