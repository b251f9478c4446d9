import jax
import jax.random as jr


def two_samplers(key):
    noise = jr.normal(key, (3,))  # first draw
    mask = jr.bernoulli(key, 0.5, (3,))
    return noise, mask


def in_loop(key, n):
    out = []
    for _ in range(n):
        out.append(jr.normal(key, (2,)))
    return out


def after_branch(key, flag):
    subkey = 1
    if flag:
        x = jr.normal(key, (2,))
    else:
        x = jr.uniform(key, (2,))
    y = jr.normal(
        key,  # reused here
        (2,),
    )
    return x + y + subkey
