"""Script-style character-level bigram sampler: module-level config, jit helpers, a main block."""
import math

import jax
import jax.random as jrandom
import numpy as onp
from jax import numpy as np2

VOCAB = 27
HIDDEN = 16
HIDDEN = HIDDEN * 2
POS_TABLE = np2.sin(np2.arange(8)[:, None] / 10.0 ** (np2.arange(HIDDEN)[None, :] / HIDDEN))
TEMPERATURE = 1.0
TOP_K = 5
ALPHABET = "abcdefghijklmnopqrstuvwxyz."


def init_table(key):
    return 0.1 * jrandom.normal(key, (VOCAB, VOCAB))


@jax.jit
def next_token(key, table, token):
    logits = table[token] / TEMPERATURE  # expect: JAX101
    return jrandom.categorical(key, logits)


@jax.jit
def next_token_fixed(key, table, token, temperature):
    logits = table[token] / temperature
    return jrandom.categorical(key, logits)


@jax.jit
def embed(tokens):
    one_hot = jax.nn.one_hot(tokens % VOCAB, HIDDEN)
    return one_hot + POS_TABLE[: tokens.shape[0]]


def top_k_mask(logits):
    order = np2.argsort(logits)[::-1]
    mask = np2.zeros_like(logits, dtype=bool)
    mask[order[:TOP_K]] = True  # expect: JAX104
    return np2.where(mask, logits, -np2.inf)


def top_k_mask_fixed(logits):
    order = np2.argsort(logits)[::-1]
    mask = np2.zeros_like(logits, dtype=bool).at[order[:TOP_K]].set(True)
    return np2.where(mask, logits, -np2.inf)


def count_parameters(table):
    return int(np2.prod(table.shape))  # expect: JAX105


def count_parameters_fixed(table):
    return math.prod(table.shape)


def generate(key, table, length=8, temperature=1.0):
    tokens = [0]
    for _ in range(length):
        key, sub = jrandom.split(key)
        tokens.append(int(next_token_fixed(sub, table, tokens[-1], temperature)))
    return "".join(ALPHABET[t] for t in tokens)


def generate_buggy(key, table, length=8):
    first = int(jrandom.randint(key, (), 0, VOCAB))
    tokens = [first]
    for _ in range(length):
        tokens.append(int(next_token(key, table, tokens[-1])))  # expect: JAX102
    return "".join(ALPHABET[t] for t in tokens)


def bigram_counts(text):
    counts = onp.zeros((VOCAB, VOCAB), dtype=onp.int32)
    for a, b in zip(text, text[1:]):
        counts[ALPHABET.index(a), ALPHABET.index(b)] += 1
    return np2.asarray(counts)


if __name__ == "__main__":
    key = jrandom.key(0)
    key, init_key = jrandom.split(key)
    table = init_table(init_key)
    for epoch in range(3):
        key, gen_key = jrandom.split(key)
        print(epoch, generate(gen_key, table, temperature=TEMPERATURE))
        TEMPERATURE = TEMPERATURE * 0.8
    print("parameters:", count_parameters_fixed(table))
