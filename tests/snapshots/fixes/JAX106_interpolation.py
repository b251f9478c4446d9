"""Values interpolated into a format at trace time become fields of a `jax.debug.print` format."""

import jax
import jax.numpy as jnp
from jax import debug


@jax.jit
def bad_debug_print_fstring(loss):
    jax.debug.print(f"loss {loss}")
    return loss


@jax.jit
def bad_debug_print_percent(loss, step):
    jax.debug.print("step %s loss %.3f" % (step, loss))
    return loss


@jax.jit
def bad_debug_print_format_method(x):
    total = jnp.sum(x)
    debug.print("total={} of {{n}}".format(total), ordered=True)
    return total


@jax.jit
def bad_debug_print_fstring_spec(loss):
    # the spec is applied to the tracer itself: TypeError at trace time
    jax.debug.print(f"loss {loss:.3f}")
    return loss


def _body(carry, x):
    jax.debug.print("carry {}".format(carry))
    return carry + x, x


def bad_debug_print_in_scan(xs):
    return jax.lax.scan(_body, 0.0, xs)


@jax.jit
def bad_print_percent(x):
    print("x is %s" % x)
    return x


@jax.jit
def bad_print_format_method(x, y):
    print("x={} y={y:.2f}".format(x, y=y))
    return x + y


@jax.jit
def percent_floats(x):
    print("%-8.2f|%+.1e|%%|%r" % (x, x, x))
    return x
