import os

import jax
from jax.sharding import PartitionSpec as P

POOLING = {"mean": jax.lax.pmean, "max": jax.lax.pmax}


def main(mesh, x):
    pooling = os.environ.get("FORM_POOLING", "mean")

    def body(v):
        pooled = POOLING[pooling](v, "i")
        return jax.lax.all_gather(pooled, "i", axis=0, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
