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
- KARTENSPIELE_STORE     the Redis address with its password through which pupils on different
                         servers share rooms (e.g. redis://:PASSWORD@127.0.0.1:6379/0). Only the
                         store service (below) gets it; pupils' servers get the service's address
- KARTENSPIELE_STORE_SERVICE_URL where the store service listens and pupils' kernels reach it
                         (default http://127.0.0.1:8101)
- KARTENSPIELE_TEACHER_GROUP the hub group whose members are teachers (default teachers)
- KARTENSPIELE_ROOM_SWEEP seconds between the store service's sweeps of expired rooms (default 15;
                         0 when another process sweeps the same store)

The store service (`python -m kartenspiele.serving.store_service`) is the one process holding
the store's password: pupils' kernels call it with their server's hub token, and it lets a
pupil do only what a pupil's pages need (deploy/jupyterhub/README.md, "Who can read what").
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
STORE = os.environ.get("KARTENSPIELE_STORE")
STORE_SERVICE = "kartenspiele-store"
STORE_SERVICE_URL = os.environ.get("KARTENSPIELE_STORE_SERVICE_URL", "http://127.0.0.1:8101").rstrip("/")
TEACHER_GROUP = os.environ.get("KARTENSPIELE_TEACHER_GROUP", "teachers")
c.Spawner.environment = {
    "JUPYTER_CONFIG_PATH": str(HERE / "singleuser"),
    "KARTENSPIELE_TEACHER_GROUP": TEACHER_GROUP,
    # the service's address, never the store's: no password in any pupil's environment
    **({"KARTENSPIELE_STORE": f"service+{STORE_SERVICE_URL}/services/{STORE_SERVICE}/"} if STORE else {}),
}
# Each server's hub token ($JUPYTERHUB_API_TOKEN, which its kernels inherit) may use the store
# service and read its own user's groups (a teacher's pages ask whether they are in TEACHER_GROUP).
c.Spawner.server_token_scopes = [
    "users:activity!user",
    "access:servers!server",
    "read:users:groups!user",
    f"access:services!service={STORE_SERVICE}",
]
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
if not STORE:
    print(
        "kartenspiele: KARTENSPIELE_STORE is not set; each pupil's server keeps its own rooms, "
        "so classmates cannot play together (set it to a Redis address with its password, "
        "e.g. redis://:PASSWORD@127.0.0.1:6379/0)",
        file=sys.stderr,
    )
elif STORE.startswith(("redis://", "rediss://")) and "@" not in STORE:
    print(
        "kartenspiele: KARTENSPIELE_STORE names Redis without a password; set `requirepass` in "
        "redis.conf and put it into the address (redis://:PASSWORD@host:6379/0)",
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
    },
    # every user may call the store service (what they may do there is the service's rule)
    {"name": "user", "scopes": ["self", f"access:services!service={STORE_SERVICE}"]},
    # the service asks the hub who is in the teachers' group
    {"name": "kartenspiele-store", "scopes": ["read:users:name", "read:users:groups"], "services": [STORE_SERVICE]},
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
if STORE:
    c.JupyterHub.services.append(
        {
            "name": STORE_SERVICE,
            "url": STORE_SERVICE_URL,
            "command": [sys.executable, "-m", "kartenspiele.serving.store_service"],
            "environment": {
                "KARTENSPIELE_STORE_BACKEND": STORE,
                "KARTENSPIELE_TEACHER_GROUP": TEACHER_GROUP,
                "KARTENSPIELE_ROOM_SWEEP": os.environ.get("KARTENSPIELE_ROOM_SWEEP", "15"),  # 0: swept elsewhere
            },
            "display": False,
        }
    )
