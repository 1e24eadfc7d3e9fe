"""Learning to rank: listwise scorer with per-query score logging.

Layouts are written einsum-style ("qd->q"): each letter maps to a mesh axis in
the [letters] section; letters that disappear on the right are summed over.
"""
import configparser
from string import Template

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

INI = """
[mesh]
shape = 2,4
names = queries,docs

[letters]
q = queries
d = docs
f = -

[layout]
features = qdf
scores = qd->q

[logging]
name = ltr/${split}/scores_by_${axis}
"""


def letter_spec(letters, table):
    dims = []
    for ch in letters:
        axis = table[ch]
        dims.append(None if axis == "-" else axis)
    return P(*dims)


def contraction(expr, table):
    lhs, _, rhs = expr.partition("->")
    summed = [table[ch] for ch in lhs if ch not in rhs]
    return letter_spec(rhs, table), tuple(summed)


def score_body(feats, w, table, expr, log_name):
    s = jnp.einsum("qdf,f->qd", feats, w)
    out_spec, summed = contraction(expr, table)
    per_query = jax.lax.psum(s.sum(axis=1), summed)
    axis = summed[0]
    logged = jax.lax.all_gather(per_query, axis, tiled=True, to="reduced")
    return per_query, logged


def inputs():
    rng = np.random.default_rng(20)
    return rng.normal(size=(8, 16, 4)).astype(np.float32), rng.normal(size=(4,)).astype(np.float32)


def main(feats, w):
    cp = configparser.ConfigParser()
    cp.read_string(INI)
    shape = tuple(int(n) for n in cp["mesh"]["shape"].split(","))
    mesh = jax.make_mesh(shape, tuple(cp["mesh"]["names"].split(",")))
    table = dict(cp["letters"])
    fspec = letter_spec(cp["layout"]["features"], table)
    expr = cp["layout"]["scores"]
    log_name = Template(cp.get("logging", "name", raw=True)).substitute(split="valid", axis="docs")
    feats = jax.device_put(feats, NamedSharding(mesh, fspec))
    w = jax.device_put(w, NamedSharding(mesh, P()))
    qspec, summed = contraction(expr, table)
    out = jax.shard_map(lambda a, b: score_body(a, b, table, expr, log_name), mesh=mesh,
                        in_specs=(fspec, P()),
                        out_specs=(qspec, P(*qspec, reduced=set(summed))))(feats, w)
    print(log_name, out[0].shape)
    return out


if __name__ == "__main__":
    main(*inputs())
