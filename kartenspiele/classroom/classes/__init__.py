"""Classes: a teacher opens one, pupils join it (`classes`, `pupil`); the evidence of their work
(`evidence`, `tasks`, `experiments`), the answer sections a teacher reveals (`reveals`), and the
class's spreadsheets (`export`).

May use: the store and people of `classroom`, and catalogue, core, i18n. Not `classroom.rooms`.
"""
