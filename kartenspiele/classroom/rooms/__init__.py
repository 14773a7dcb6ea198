"""Rooms: one game shared by several pages as a move log (`rooms`), saved games, their codes
and the sweep of expired ones (`room_codes`), the limits on opening and guessing them
(`open_limit`, `code_limit`), and asking to come back to a seat (`let_in`).

May use: the store and people of `classroom`, and bots, engines, core. Not `classroom.classes`.
"""
