"""A method compiled with its object static reads attributes that change: the compiled body
moves to a new method that takes them as keyword arguments, and the method keeps its name and
signature, so no caller changes."""

import functools

import jax
import jax.numpy as jnp


class Objective:
    def __init__(self, target, weight):
        self.target = target
        self.weight = weight

    def compute(self, x, scale=1.0, *rest, power=1):
        return self._compute_traced(x, scale, *rest, power=power, target=self.target, weight=self.weight)

    @functools.partial(jax.jit, static_argnums=0)
    def _compute_traced(self, x, scale=1.0, *rest, power=1, target, weight):
        return ((x - target) * weight * scale) ** power


class Counter:
    def __init__(self):
        self.count = 0

    def energy(self, x):
        return self._energy_traced(x, count=self.count)

    @functools.partial(jax.jit, static_argnums=0)
    def _energy_traced(self, x, *, count):
        return x * count

    def step(self):
        self.count += 1


class Named:  # no fix: the attribute holds a string, which jit cannot take as an argument
    def __init__(self):
        self.mode = "a"

    @functools.partial(jax.jit, static_argnums=0)
    def apply(self, x):
        return x * 2 if self.mode == "a" else x


def perturb(objective, x, target):
    objective.target = target
    objective.weight = 3.0
    return objective.compute(x, 2.0, power=2)


def scenario(x):
    objective = Objective(1.0, 2.0)
    first = objective.compute(x)
    return first, perturb(objective, x, 0.5)


def counting(x):
    counter = Counter()
    first = counter.energy(x)
    counter.step()
    return first, counter.energy(x)


def naming(x):
    named = Named()
    named.mode = "b"
    return named.apply(x)


EXAMPLES = [
    ("scenario", (jnp.arange(3.0),)),
    ("counting", (jnp.ones(2),)),
]
