"""Values interpolated into a format at trace time become fields of a `jax.debug.print` format."""

import jax
import jax.numpy as jnp
from jax import debug


@jax.jit
def bad_debug_print_fstring(loss):
    jax.debug.print("loss {loss}", loss=loss)
    return loss


@jax.jit
def bad_debug_print_percent(loss, step):
    jax.debug.print("step {step} loss {loss:.3f}", step=step, loss=loss)
    return loss


@jax.jit
def bad_debug_print_format_method(x):
    total = jnp.sum(x)
    debug.print("total={total} of {{n}}", total=total, ordered=True)
    return total


@jax.jit
def bad_debug_print_fstring_spec(loss):
    # the spec is applied to the tracer itself: TypeError at trace time
    jax.debug.print("loss {loss:.3f}", loss=loss)
    return loss


def _body(carry, x):
    jax.debug.print("carry {carry}", carry=carry)
    return carry + x, x


def bad_debug_print_in_scan(xs):
    return jax.lax.scan(_body, 0.0, xs)


@jax.jit
def bad_print_percent(x):
    jax.debug.print("x is {x}", x=x)
    return x


@jax.jit
def bad_print_format_method(x, y):
    jax.debug.print("x={x} y={y:.2f}", x=x, y=y)
    return x + y


@jax.jit
def percent_floats(x):
    jax.debug.print("{x:<8.2f}|{x:+.1e}|%|{x!r}", x=x)
    return x
