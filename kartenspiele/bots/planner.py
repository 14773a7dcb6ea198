"""Look-ahead for any game: sampled deals of the unseen cards, candidate moves played out.

For a decision the planner deals the cards its player cannot see at random, consistently
with the view (`view.sample_state`), several times. On every such deal it plays each
candidate move and then lets all players continue with a fast policy for a few moves, and
scores the position reached for its player. The candidate with the best mean wins (with
`confidence`, the first candidate stays unless another beats it clearly). All candidates
meet the same deals and the same random choices (common random numbers), so their
difference is due to the move, not to luck.

The game's bot names the candidates (the moves a quick score ranks best, on the first
sampled deal). The work per decision is a fixed number of deals (deterministic for a given
generator); `time_limit` stops early on a slow machine, after at least `min_samples` deals.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .choice import TOLERANCE

Candidates = Callable[[Any], list]  # (sampled state) -> the moves to compare
Policy = Callable[[Any, random.Random], Any]  # (state, rng) -> move of the player to move
Evaluate = Callable[[Any, int], float]  # (state, player) -> worth of the position


@dataclass(frozen=True)
class Settings:
    """How much the planner looks ahead."""

    samples: int = 12  # deals of the unseen cards per decision
    candidates: int = 5  # moves played out (the best by the quick score)
    horizon: int = 6  # moves played after the candidate, by all players
    time_limit: float | None = 0.4  # seconds per decision (None: no limit)
    min_samples: int = 2
    confidence: float | None = None  # z: leave the first candidate only for a clear gain


@dataclass(frozen=True)
class Decision:
    """The chosen move, the candidates with their mean values, and the deals used."""

    move: Any
    values: tuple[tuple[Any, float], ...]
    samples: int


def shortlist(moves: Sequence[Any], score: Callable[[Any], float], size: int) -> list[Any]:
    """The `size` moves with the best scores, best first (stable among equals)."""
    ranked = sorted(range(len(moves)), key=lambda i: -score(moves[i]))
    return [moves[i] for i in ranked[:size]]


def plan(
    view: Any, rng: random.Random, propose: Candidates, policy: Policy, evaluate: Evaluate, settings: Settings
) -> Decision:
    """Choose a move for the player of `view` (see the module notes)."""
    player = view.to_move
    first = view.sample_state(rng)
    candidates = propose(first)
    if len(candidates) == 1:
        return Decision(candidates[0], ((candidates[0], 0.0),), 0)
    scores: list[list[float]] = [[] for _ in candidates]
    start = time.perf_counter()
    samples = 0
    while samples < settings.samples:
        state = first if samples == 0 else view.sample_state(rng)
        seed = rng.getrandbits(64)
        for index, move in enumerate(candidates):
            after = state.clone()
            after.apply(move)
            rollout(after, policy, random.Random(seed), settings.horizon)
            scores[index].append(evaluate(after, player))
        samples += 1
        if (
            settings.time_limit is not None
            and samples >= settings.min_samples
            and time.perf_counter() - start > settings.time_limit
        ):
            break
    values = tuple((move, sum(row) / samples) for move, row in zip(candidates, scores))
    return Decision(candidates[_pick(scores, settings.confidence)], values, samples)


def _pick(scores: list[list[float]], confidence: float | None) -> int:
    """The candidate with the best mean; with `confidence`, the first candidate unless another
    beats it by more than `confidence` standard errors of the paired differences."""
    means = [sum(row) / len(row) for row in scores]
    best = max(means)
    chosen = next(i for i, mean in enumerate(means) if mean >= best - TOLERANCE)
    if confidence is None or chosen == 0 or len(scores[0]) < 2:
        return chosen
    differences = [a - b for a, b in zip(scores[chosen], scores[0])]
    count = len(differences)
    mean = sum(differences) / count
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / (count - 1) / count)
    return chosen if mean > confidence * spread else 0


def rollout(state: Any, policy: Policy, rng: random.Random, moves: int) -> None:
    """Let `policy` play `moves` moves (or to the end) in `state`."""
    for _ in range(moves):
        if state.is_terminal():
            return
        state.apply(policy(state, rng))
