"""Two-tower retrieval: in-batch candidate scores, normalised per query.

The score normaliser is chosen by a "kind@axis" string from the eval config.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EVAL_CFG = """
mesh      = 4x2
axes      = query,cand
queries   = query,-
cands     = cand,-
normalise = max@cand
"""

NORMALISERS = {
    "max": jax.lax.pmax,
    "sum": jax.lax.psum,
    "mean": jax.lax.pmean,
}


def parse_cfg(text):
    cfg = {}
    for line in text.strip().splitlines():
        key, _, value = line.partition("=")
        cfg[key.strip()] = value.strip()
    return cfg


def build_mesh(cfg):
    shape = tuple(int(n) for n in cfg["mesh"].split("x"))
    return jax.make_mesh(shape, tuple(cfg["axes"].split(",")))


def to_spec(text):
    return P(*(None if t == "-" else t for t in text.split(",")))


def scores_body(q, c, cfg):
    kind, _, axis = cfg["normalise"].partition("@")
    logits = q @ c.T
    logits = jax.lax.all_gather(logits, axis, axis=1, tiled=True, to="reduced")
    top = NORMALISERS[kind](logits, axis)
    return logits, top


def inputs():
    rng = np.random.default_rng(2)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(16, 16)).astype(np.float32)


def main(q, c):
    cfg = parse_cfg(EVAL_CFG)
    mesh = build_mesh(cfg)
    q_spec, c_spec = to_spec(cfg["queries"]), to_spec(cfg["cands"])
    q = jax.device_put(q, NamedSharding(mesh, q_spec))
    c = jax.device_put(c, NamedSharding(mesh, c_spec))
    f = jax.shard_map(lambda a, b: scores_body(a, b, cfg), mesh=mesh, in_specs=(q_spec, c_spec),
                      out_specs=(P("query", None, reduced={"cand"}), P("query", None)))
    logits, top = f(q, c)
    print(logits.shape, top.shape)
    return logits


if __name__ == "__main__":
    main(*inputs())
