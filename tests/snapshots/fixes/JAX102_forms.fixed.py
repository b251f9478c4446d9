import jax
import jax.random as jr


def two_samplers(key):
    key, subkey = jr.split(key)
    noise = jr.normal(subkey, (3,))  # first draw
    mask = jr.bernoulli(key, 0.5, (3,))
    return noise, mask


def in_loop(key, n):
    out = []
    for _ in range(n):
        key, subkey = jr.split(key)
        out.append(jr.normal(subkey, (2,)))
    return out


def after_branch(key, flag):
    subkey = 1
    key, subkey_1 = jr.split(key)
    if flag:
        x = jr.normal(key, (2,))
    else:
        x = jr.uniform(key, (2,))
    y = jr.normal(
        subkey_1,  # reused here
        (2,),
    )
    return x + y + subkey
