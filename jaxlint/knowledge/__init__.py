"""What jaxlint knows about JAX's API (and its family's: flax, equinox, optax, NumPy), as plain
tables and small functions over names. The bottom layer: it imports nothing of jaxlint outside
this folder, so the semantic model, the rules and the tests can all read it.

Where a fact goes:

- `api.py`: what a function, method or attribute takes and gives back: static results
  (`x.shape`, `jnp.ndim`), pytree results, which calls draw from, keep or derive PRNG keys
  (`key_use`), records, containers, array annotations.
- `static_arguments.py`: arguments JAX needs as concrete Python values (shapes, sizes, counts).
- `dtype_arguments.py`: where a function takes a dtype (JAX207).
- `numpy_functions.py`: NumPy functions that fail on tracers, and those with a `jnp` twin (JAX111).
- `removed_api.py`: names removed from JAX, their replacements and when each appeared.
- `transforms.py`: the transforms (jit, vmap, grad, lax bodies...) and what tracing under each means.

To add a fact: add the entry to the table of its file, with a short comment saying what it
was checked on (the JAX release, as the tables do). Where the installed JAX can confirm it, a
test does (tests/test_dtype_arguments.py, tests/test_numpy_functions.py). A fact that needs an
`ast` walk or the model is no fact of this layer: it goes to jaxlint/semantic/.
"""
