"""`jaxlint server`: a Language Server Protocol server over stdio (diagnostics, quick fixes, fix-all,
hover). pygls and lsprotocol come with the `server` extra and are imported only here, so `check`
never pays for them."""

from __future__ import annotations

import sys

from jaxlint.exit_status import ExitStatus

# Never the package index's `jaxlint`, which is another project: a clone, or the git repository.
INSTALL_HINT = ("jaxlint: error: `jaxlint server` needs pygls and lsprotocol, which the `server` extra installs: "
                "from a clone, pip install -e \".[server]\"; from the git repository, "
                "pip install \"jaxlint[server] @ git+<repository-url>@main\"")


def serve() -> int:
    """Run the server on stdin/stdout until the client says exit, then exit (0 after shutdown); 2
    without the extra."""
    try:
        import lsprotocol.types  # noqa: F401
        import pygls.lsp.server  # noqa: F401
    except ImportError:
        print(INSTALL_HINT, file=sys.stderr)
        return ExitStatus.ERROR
    from jaxlint.server.app import run

    return run()
