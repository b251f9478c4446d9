"""JAX207 float64-without-x64: the model's requests for 64-bit dtypes of JAX (semantic/wide_dtypes.py),
reported when neither the module nor the rest of its project turns x64 on (semantic/x64.py,
project/x64.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from jaxlint.rules.base import Report, snippet

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model

_NARROWED = {"float64": "float32", "complex128": "complex64"}


def check(model: Model) -> Iterator[Report]:
    if model.x64_enabled:
        return
    for request in model.wide_dtypes:
        narrow = _NARROWED[request.dtype]
        asked = f"`{snippet(request.node)}`" if request.scalar else \
            f"`{request.asked_of}` with dtype `{snippet(request.node)}`"
        yield Report(request.node, f"{asked} makes {narrow}, not {request.dtype}: nothing in this project enables x64, "
                                   f"and JAX only warns. Enable it at start-up (`jax.config.update(\"jax_enable_x64\", "
                                   f"True)` or JAX_ENABLE_X64=1), or ask for {narrow}", request.scope)
