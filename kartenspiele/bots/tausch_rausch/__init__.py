"""Tausch-Rausch's computer players: the greedy and the planner levels, and the reasons for hints."""
