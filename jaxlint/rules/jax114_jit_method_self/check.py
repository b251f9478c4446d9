"""JAX114 jit-method-self: `@jax.jit` on a method of a plain class (no pytree registration, no
flax/equinox module, NamedTuple or registered dataclass, every base in sight): `self` is an argument
JAX cannot trace, and every call raises TypeError. Classes whose bases or decorators are not known
to be plain are not flagged, nor is a static `self` (`static_argnums=0`): an attribute it reads that
changes later is JAX101's finding, at the read. Reported on the decorator's line, where `# noqa` goes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from jaxlint.rules.base import Report
from jaxlint.semantic.classes import method_class

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model

# A plain dataclass is no pytree: its instances are as opaque to jit as any object.
_PLAIN_DECORATORS = frozenset(("dataclasses.dataclass", "functools.total_ordering"))
_UNBOUND = frozenset(("builtins.staticmethod", "builtins.classmethod"))


def check(model: Model) -> Iterator[Report]:
    for scope in model.functions():
        cls = method_class(scope)
        if cls is None or not scope.positional_params():
            continue
        decorators = getattr(scope.node, "decorator_list", ())
        if any(model.qualified(d, cls) in _UNBOUND for d in decorators):
            continue
        self_name = scope.positional_params()[0]
        for decorator in decorators:
            wrap = model.wrap_of(decorator, cls)
            if wrap is None or wrap.transform.kind != "jit" or 0 in wrap.static_nums or self_name in wrap.static_names:
                continue
            if model.module_base(cls) is not None or model.class_fields.plain_class_chain(cls, _PLAIN_DECORATORS) is None:
                continue
            name = scope.node.name  # type: ignore[attr-defined]
            yield Report(decorator, f"`jax.jit` on the method `{name}` of `{cls.node.name}`, which is not a pytree: "  # type: ignore[attr-defined]
                                    f"calling it raises TypeError (`{self_name}` cannot be traced); register the class "
                                    f"as a pytree, make `{self_name}` static (`static_argnums=0`, if it never changes), "
                                    f"or jit a function of the arrays", scope)
