"""Decoder LM: Megatron-style MLP block (column- then row-parallel) with a batch tap.

Parameter layouts come from (regex, layout) rules over parameter paths; the tap
gathers the batch for the activation-statistics job.
"""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = "2x4:data,model"
RULES = (
    (r"mlp/wi/kernel", "embed:- mlp:model"),
    (r"mlp/wo/kernel", "mlp:model embed:-"),
)
TAP = "batch"
LOGICAL = {"batch": "data", "embed": None, "mlp": "model"}


def mesh_of(text):
    m = re.match(r"(\d+)x(\d+):(\w+),(\w+)", text)
    return jax.make_mesh((int(m[1]), int(m[2])), (m[3], m[4]))


def spec_for(path):
    for pat, text in RULES:
        if re.fullmatch(pat, path):
            return P(*[None if a == "-" else a for a in (w.split(":")[1] for w in text.split())])
    return P()


def mlp(x, wi, wo):
    h = jax.nn.gelu(x @ wi)
    y = jax.lax.psum(h @ wo, "model")
    tap = jax.lax.all_gather(y, LOGICAL[TAP], axis=0, tiled=True, to="reduced")
    return y, tap


def inputs():
    rng = np.random.default_rng(46)
    return (rng.normal(size=(8, 16)).astype(np.float32),
            (rng.normal(size=(16, 32)) * 0.1).astype(np.float32),
            (rng.normal(size=(32, 16)) * 0.1).astype(np.float32))


def main(x, wi, wo):
    mesh = mesh_of(MESH)
    s_wi, s_wo = spec_for("mlp/wi/kernel"), spec_for("mlp/wo/kernel")
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    wi = jax.device_put(wi, NamedSharding(mesh, s_wi))
    wo = jax.device_put(wo, NamedSharding(mesh, s_wo))
    y, tap = jax.shard_map(mlp, mesh=mesh, in_specs=(P("data", None), s_wi, s_wo),
                           out_specs=(P("data", None), P(None, None, reduced={"data"})))(x, wi, wo)
    print(y.shape, tap.shape)
    return y


if __name__ == "__main__":
    main(*inputs())
