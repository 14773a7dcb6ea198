"""What a page may send its kernel: widget messages only, never code.

A Voilà page runs its notebook on the server; over the kernel's websocket the browser only
talks to the widgets (`comm_*`) and asks who the kernel is (`kernel_info_request`,
`comm_info_request`). Any other message (`execute_request`, `complete_request`,
`inspect_request`, `debug_request`, `history_request`, …) would let whoever holds the page run
or read code in the kernel, which holds the store's address and the page's secrets. Jupyter
Server drops every message whose type is not in `MappingKernelManager.allowed_message_types`
(and logs it). Voilà's own application (`kartenspiele serve`) starts its kernel manager with
exactly this list; a Jupyter Server with Voilà as an extension (each pupil's server under
JupyterHub) allows everything, so `pupil_server` sets it there.
"""

from __future__ import annotations

PAGE_MESSAGES: tuple[str, ...] = (
    "comm_open",
    "comm_msg",
    "comm_close",
    "comm_info_request",
    "kernel_info_request",
    "shutdown_request",  # the page's own kernel, which closing the page ends anyway
)
