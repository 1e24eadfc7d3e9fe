"""Weights gathered (reduced) over the FSDP axis, activations summed over the tensor axis: legal."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FSDP = os.environ.get("FSDP_AXIS", "fsdp")
TP = os.environ.get("TP_AXIS", "tp")


def inputs():
    rng = np.random.default_rng(3)
    return rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(4, 8)).astype(np.float32)


def main(w, x):
    mesh = jax.make_mesh((2, 4), (FSDP, TP))
    w = jax.device_put(w, NamedSharding(mesh, P(FSDP, TP)))
    x = jax.device_put(x, NamedSharding(mesh, P(None, TP)))

    def layer(w, x):
        w_full = jax.lax.all_gather(w, FSDP, to="reduced", tiled=True)
        partial = x @ w_full.T   # @ drops the reduced state
        return jax.lax.psum(partial, TP)

    out = jax.shard_map(layer, mesh=mesh, in_specs=(P(FSDP, TP), P(None, TP)), out_specs=P())(w, x)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
