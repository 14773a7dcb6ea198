"""JupyterHub for kartenspiele: each pupil's own server opens the Voilà start page.

Use it as it is on one school server (`jupyterhub -f deploy/jupyterhub/jupyterhub_config.py`,
with an authenticator and spawner of your choice set below or in a file that loads this one with
`load_subconfig`), or read it as the reference for `values.yaml` (Zero to JupyterHub).
Settings come from the environment so that one file serves every site:

- KARTENSPIELE_PROJECT   the folder holding notebooks/ and lessons/ (each pupil's server starts there)
- KARTENSPIELE_MEM_LIMIT memory per pupil's server (default 1G; enforced by spawners that can,
                         e.g. KubeSpawner or SystemdSpawner)
- KARTENSPIELE_IDLE      seconds without activity before the idle culler stops a server (default 6000:
                         longer than a double lesson of 90 minutes)
- KARTENSPIELE_CULL_EVERY how often the culler looks, in seconds (default 300)
- KARTENSPIELE_STORE     the Redis address through which pupils on different servers share
                         rooms (e.g. redis://redis:6379/0), passed on to every pupil's server
"""

import os
import sys
from pathlib import Path

c = get_config()  # noqa: F821 — provided by JupyterHub when it loads this file

HERE = Path(__file__).resolve().parent
START_PAGE = "/voila/render/notebooks/start.ipynb"

# Each pupil's server: Jupyter Server with Voilà, started in the project folder, opening the
# start page. Its own settings (template, culling of closed pages' kernels) are in
# singleuser/jupyter_server_config.py, found through JUPYTER_CONFIG_PATH.
c.Spawner.default_url = START_PAGE
c.Spawner.notebook_dir = os.environ.get("KARTENSPIELE_PROJECT", str(HERE.parent.parent))
c.Spawner.mem_limit = os.environ.get("KARTENSPIELE_MEM_LIMIT", "1G")
c.Spawner.environment = {
    "JUPYTER_CONFIG_PATH": str(HERE / "singleuser"),
    **({"KARTENSPIELE_STORE": os.environ["KARTENSPIELE_STORE"]} if os.environ.get("KARTENSPIELE_STORE") else {}),
}
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
if not os.environ.get("KARTENSPIELE_STORE"):
    print(
        "kartenspiele: KARTENSPIELE_STORE is not set; each pupil's server keeps its own rooms, "
        "so classmates cannot play together (set it to a Redis address, e.g. redis://127.0.0.1:6379/0)",
        file=sys.stderr,
    )
# A page whose server was stopped (culled, restarted) leads back to the start page with
# "Spiel fortsetzen"; the hub then starts the pupil's server again by itself, without a button.
c.JupyterHub.implicit_spawn_seconds = 2

# The idle culler stops a pupil's server after KARTENSPIELE_IDLE seconds without activity; an
# open page counts as activity, so a pupil idle at the board keeps the game for a double lesson.
c.JupyterHub.load_roles = [
    {
        "name": "kartenspiele-idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }
]
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [
            sys.executable,
            "-m",
            "jupyterhub_idle_culler",
            f"--timeout={int(os.environ.get('KARTENSPIELE_IDLE', '6000'))}",
            f"--cull-every={int(os.environ.get('KARTENSPIELE_CULL_EVERY', '300'))}",
        ],
    }
]
