"""Settings of each pupil's Jupyter Server under JupyterHub (found through JUPYTER_CONFIG_PATH).

It serves the Voilà pages only (`kartenspiele.serving.pupil_server`): no JupyterLab, no
terminals, no contents or files API, no kernels started or sent code through the API; a
page's kernel websocket passes the widgets' messages only.
The same page template as `kartenspiele serve` (no outside assets, the "connection lost"
banner, which here asks the server's kernels API), sources hidden, no picture files served,
kernels of closed pages culled after 10 minutes while an open page keeps its kernel, and the
page's scripts kept by the browser (`kartenspiele.serving.jupyter_assets`).
"""

import os

from kartenspiele.serving.app import TEMPLATE, banner_config, data_folder
from kartenspiele.serving.kernel_messages import PAGE_MESSAGES

c = get_config()  # noqa: F821 — provided by Jupyter Server when it loads this file

os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(data_folder()), os.environ.get("JUPYTER_PATH")]))
c.VoilaConfiguration.template = TEMPLATE
c.VoilaConfiguration.strip_sources = True
c.VoilaConfiguration.show_tracebacks = False
c.VoilaConfiguration.file_allowlist = []
c.VoilaConfiguration.page_config_hook = banner_config("api/kernels/")
c.ServerApp.jpserver_extensions = {
    "kartenspiele.serving.jupyter_assets": True,  # scripts kept by the browser
    "kartenspiele.serving.pupil_server": True,  # only the pages: every other route closed
    "jupyterlab": False,
    "notebook": False,
    "jupyter_server_terminals": False,
}
c.ServerApp.terminals_enabled = False
c.MappingKernelManager.cull_idle_timeout = 600
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = False
c.MappingKernelManager.cull_busy = False
c.MappingKernelManager.allowed_message_types = list(PAGE_MESSAGES)  # the extension sets it too
