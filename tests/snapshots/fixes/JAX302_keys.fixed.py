import jax
import jax.random as jr


def sample(seed):
    key = jr.key(seed)
    return jr.normal(jr.key(seed + 1), (2,)), jax.random.uniform(key, (2,))


EXAMPLES = [
    ("sample", (0,)),
]
