"""Decoder LM: global gradient-norm clipping with tensor-parallel MLP weights.

Each rule says how a parameter's gradient is made whole before the norm:
"gather:<axis>" or "none".
"""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = "data=2,model=4"
PARAM_RULES = [
    (r"mlp/wi$", "-,model", "gather:model"),
    (r"mlp/wo$", "model,-", "gather:model"),
]
NORM_AXES = "model"


def mesh_of(text):
    pairs = [p.partition("=") for p in text.split(",")]
    return jax.make_mesh(tuple(int(n) for _, _, n in pairs), tuple(a for a, _, _ in pairs))


def spec_of(text):
    return P(*[None if t == "-" else t for t in text.split(",")])


def lookup(path):
    for pat, layout, whole in PARAM_RULES:
        if re.search(pat, path):
            return spec_of(layout), whole
    raise KeyError(path)


def make_whole(g, how, dim):
    op, _, axis = how.partition(":")
    if op == "gather":
        return jax.lax.all_gather(g, axis, axis=dim, tiled=True, to="reduced")
    return g


def clip_body(g_wi, g_wo, max_norm):
    _, how_wi = lookup("mlp/wi")
    _, how_wo = lookup("mlp/wo")
    full_wi = make_whole(g_wi, how_wi, 1)
    full_wo = make_whole(g_wo, how_wo, 0)
    sq = jnp.sum(full_wi * full_wi) + jnp.sum(full_wo * full_wo)
    total = jax.lax.psum(sq, NORM_AXES)
    scale = jnp.minimum(1.0, max_norm / jnp.sqrt(total))
    return g_wi * scale, g_wo * scale


def inputs():
    rng = np.random.default_rng(42)
    return rng.normal(size=(16, 32)).astype(np.float32), rng.normal(size=(32, 16)).astype(np.float32)


def main(g_wi, g_wo):
    mesh = mesh_of(MESH)
    s_wi, _ = lookup("mlp/wi")
    s_wo, _ = lookup("mlp/wo")
    g_wi = jax.device_put(g_wi, NamedSharding(mesh, s_wi))
    g_wo = jax.device_put(g_wo, NamedSharding(mesh, s_wo))
    out = jax.shard_map(lambda a, b: clip_body(a, b, 1.0), mesh=mesh,
                        in_specs=(s_wi, s_wo), out_specs=(s_wi, s_wo))(g_wi, g_wo)
    print([o.shape for o in out])
    return out


if __name__ == "__main__":
    main(*inputs())
