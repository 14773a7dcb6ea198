"""Who looks at a page and what they are called: the teacher or pupil role, decided in the
kernel from the page's address or the hub (`roles`, `hub_role`), and the names people type,
with when two are the same (`names`).

May use: kernel, lite. Nothing else of `classroom` (it stands beside the store).
"""
