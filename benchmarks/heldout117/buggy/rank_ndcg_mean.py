"""Learning to rank: NDCG@k averaged across the evaluation mesh.

The averaging axes are a shell-style word list in the [eval] section.
"""
import configparser
import shlex

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

INI = """
[mesh]
shape = 2x4
names = queries docs

[eval]
k = 4
dcg_sum = docs
average = "queries" "docs"
"""


def ndcg_body(gains, ideal, cfg):
    pos = jnp.arange(gains.shape[1], dtype=jnp.float32)
    disc = 1.0 / jnp.log2(pos + 2.0)
    dcg = jax.lax.psum(jnp.sum(gains * disc, axis=1), cfg["dcg_sum"])
    ndcg = dcg / ideal
    avg_axes = tuple(shlex.split(cfg["average"]))
    return jax.lax.pmean(jnp.mean(ndcg), avg_axes)


def inputs():
    rng = np.random.default_rng(24)
    gains = rng.integers(0, 3, size=(8, 16)).astype(np.float32)
    ideal = np.full((8,), 10.0, np.float32)
    return gains, ideal


def main(gains, ideal):
    cp = configparser.ConfigParser()
    cp.read_string(INI)
    shape = tuple(int(n) for n in cp["mesh"]["shape"].split("x"))
    names = tuple(cp["mesh"]["names"].split())
    mesh = jax.make_mesh(shape, names)
    cfg = dict(cp["eval"])
    gains = jax.device_put(gains, NamedSharding(mesh, P("queries", "docs")))
    ideal = jax.device_put(ideal, NamedSharding(mesh, P("queries")))
    out = jax.shard_map(lambda g, i: ndcg_body(g, i, cfg), mesh=mesh,
                        in_specs=(P("queries", "docs"), P("queries")), out_specs=P())(gains, ideal)
    print("ndcg", float(out))
    return out


if __name__ == "__main__":
    main(*inputs())
