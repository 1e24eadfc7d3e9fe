"""Decoder LM: snapshot the KV cache for the serving warm-start.

Cache layouts and the snapshot's gather axes are strings in the serving profile.
"""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PROFILE = {
    "mesh": "2x4:data,model",
    "cache": "batch:data seq:- heads:model",
    "heads_gather": "heads",
    "snapshot": "batch+heads",
}


def parse_mesh(text):
    m = re.match(r"(\d+)x(\d+):(\w+),(\w+)", text)
    return jax.make_mesh((int(m[1]), int(m[2])), (m[3], m[4]))


def logical_map(text):
    out = {}
    for word in text.split():
        name, _, axis = word.partition(":")
        out[name] = None if axis == "-" else axis
    return out


def to_axes(expr, lmap):
    names = tuple(lmap[n] for n in expr.split("+"))
    return names[0] if len(names) == 1 else names


def snapshot_body(k, v, lmap):
    heads = to_axes(PROFILE["heads_gather"], lmap)
    kv = jnp.concatenate([k, v], axis=1)
    kv = jax.lax.all_gather(kv, heads, axis=2, tiled=True, to="reduced")
    return jax.lax.all_gather(kv, to_axes(PROFILE["snapshot"], lmap), axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(41)
    return rng.normal(size=(4, 6, 8)).astype(np.float32), rng.normal(size=(4, 6, 8)).astype(np.float32)


def main(k, v):
    mesh = parse_mesh(PROFILE["mesh"])
    lmap = logical_map(PROFILE["cache"])
    spec = P(*lmap.values())
    k = jax.device_put(k, NamedSharding(mesh, spec))
    v = jax.device_put(v, NamedSharding(mesh, spec))
    snap = jax.shard_map(lambda a, b: snapshot_body(a, b, lmap), mesh=mesh, in_specs=(spec, spec),
                         out_specs=P(None, None, None, reduced={"data", "model"}))(k, v)
    print(snap.shape)
    return snap


if __name__ == "__main__":
    main(*inputs())
