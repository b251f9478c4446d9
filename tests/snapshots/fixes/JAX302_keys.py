import jax
import jax.random as jr


def sample(seed):
    key = jax.random.PRNGKey(seed)
    return jr.normal(jr.PRNGKey(seed + 1), (2,)), jax.random.uniform(key, (2,))


EXAMPLES = [
    ("sample", (0,)),
]
