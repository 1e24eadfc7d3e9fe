"""Learning to rank: pairwise (LambdaRank-style) score differences.

The score matrix is re-laid out from "qd" to "dq" with an all-to-all whose axis
is read off the einsum-like layout string.
"""
import configparser

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

INI = """
[mesh]
shape = 2x4
names = queries docs

[letters]
q = queries
d = docs

[pairwise]
scores = qd
relayout = qd->dq
"""


def moved_axis(expr, letters):
    lhs, rhs = expr.split("->")
    for pos, (a, b) in enumerate(zip(lhs, rhs)):
        if a != b:
            return letters[lhs[pos + 1]] if pos + 1 < len(lhs) else letters[a]
    return None


def pairwise_body(s, letters, expr):
    axis = moved_axis(expr, letters)
    full = jax.lax.all_gather(s, axis, axis=1, tiled=True, to="reduced")
    diffs = full[:, :, None] - full[:, None, :]
    margins = jnp.sum(diffs, axis=2)
    per_doc = jax.lax.all_to_all(margins, axis, 1, 0, tiled=True)
    return per_doc


def inputs():
    rng = np.random.default_rng(22)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(scores):
    cp = configparser.ConfigParser()
    cp.read_string(INI)
    shape = tuple(int(n) for n in cp["mesh"]["shape"].split("x"))
    names = tuple(cp["mesh"]["names"].split())
    mesh = jax.make_mesh(shape, names)
    letters = dict(cp["letters"])
    spec = P(*(letters[c] for c in cp["pairwise"]["scores"]))
    scores = jax.device_put(scores, NamedSharding(mesh, spec))
    per_doc = jax.shard_map(
        lambda s: pairwise_body(s, letters, cp["pairwise"]["relayout"]), mesh=mesh,
        in_specs=spec, out_specs=P("docs", "queries"))(scores)
    print(per_doc.shape)
    return per_doc


if __name__ == "__main__":
    main(*inputs())
