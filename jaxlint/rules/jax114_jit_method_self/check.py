"""JAX114 jit-method-self: `@jax.jit` on a method of a plain class (no pytree registration, no
flax/equinox module, NamedTuple or registered dataclass, every base in sight): `self` is an argument
JAX cannot trace, and every call raises TypeError. Classes whose bases or decorators are not known
to be plain are not flagged, nor is a static `self` (`static_argnums=0`): an attribute it reads that
changes later is JAX101's finding, at the read. Under `@classmethod` the first argument is the class
itself, which no registration makes traceable, so any class is flagged; `@jax.jit` above
`@classmethod` wraps the classmethod object, which is not callable, and raises as the class is
defined. Reported on the decorator's line, where `# noqa` goes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from jaxlint.rules.base import Report
from jaxlint.semantic.api import method_class

if TYPE_CHECKING:
    import ast

    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

# A plain dataclass is no pytree: its instances are as opaque to jit as any object.
_PLAIN_DECORATORS = frozenset(("dataclasses.dataclass", "functools.total_ordering"))
_CLASSMETHOD = "builtins.classmethod"
_STATICMETHOD = "builtins.staticmethod"


def check(model: Model) -> Iterator[Report]:
    for scope in model.functions():
        cls = method_class(scope)
        if cls is None or not scope.positional_params():
            continue
        decorators = getattr(scope.node, "decorator_list", ())
        qualified = [model.qualified(d, cls) for d in decorators]
        if _STATICMETHOD in qualified:
            continue
        classmethod_at = qualified.index(_CLASSMETHOD) if _CLASSMETHOD in qualified else None
        self_name = scope.positional_params()[0]
        for at, decorator in enumerate(decorators):
            wrap = model.wrap_of(decorator, cls)
            if wrap is None or wrap.transform.kind != "jit":
                continue
            if classmethod_at is not None and at < classmethod_at:
                yield _report_jit_over_classmethod(decorator, scope, cls)
            elif 0 in wrap.static_nums or self_name in wrap.static_names:
                continue
            elif classmethod_at is not None:
                yield _report_traced_class(decorator, scope, cls, self_name)
            elif model.module_base(cls) is None and model.class_fields.plain_class_chain(cls, _PLAIN_DECORATORS) is not None:
                yield _report_plain_self(decorator, scope, cls, self_name)


def _report_plain_self(decorator: ast.expr, scope: Scope, cls: Scope, self_name: str) -> Report:
    return Report(decorator, f"`jax.jit` on the method `{scope.node.name}` of `{cls.node.name}`, which is not a pytree: "  # type: ignore[attr-defined]
                             f"calling it raises TypeError (`{self_name}` cannot be traced); register the class "
                             f"as a pytree, make `{self_name}` static (`static_argnums=0`, if it never changes), "
                             f"or jit a function of the arrays", scope)


def _report_traced_class(decorator: ast.expr, scope: Scope, cls: Scope, self_name: str) -> Report:
    return Report(decorator, f"`jax.jit` under `@classmethod` on `{cls.node.name}.{scope.node.name}`: the class arrives "  # type: ignore[attr-defined]
                             f"as its first argument `{self_name}`, which JAX cannot trace, so every call raises "
                             f"TypeError; make it static (`static_argnums=0`) or use `@staticmethod`", scope)


def _report_jit_over_classmethod(decorator: ast.expr, scope: Scope, cls: Scope) -> Report:
    return Report(decorator, f"`jax.jit` above `@classmethod` on `{cls.node.name}.{scope.node.name}` wraps the "  # type: ignore[attr-defined]
                             f"classmethod object, which is not callable: defining the class raises TypeError; "
                             f"put `@classmethod` above `@jax.jit` with `static_argnums=0`", scope)
