import time
import timeit

import jax
import jax.numpy as jnp


@jax.jit
def matmul(a, b):
    return a @ b


def bench(a, b):
    start = time.perf_counter()
    out = jax.block_until_ready(matmul(a, b))
    elapsed = time.perf_counter() - start
    print(f"took {elapsed >= 0}")
    t0 = time.time()
    for _ in range(3):
        out = jax.block_until_ready(matmul(out, b))
    t1 = time.time()
    print("loop", t1 - t0 >= 0)
    t0 = time.monotonic()
    jnp.dot(a, b); total = jax.block_until_ready(matmul(a, b).sum())
    print("dot", time.monotonic() - t0 >= 0)
    timeit.timeit(lambda: jax.block_until_ready(matmul(a, b)), number=2)
    return out, total


EXAMPLES = [
    ("bench", (jnp.eye(3), jnp.full((3, 3), 2.0))),
]
