"""Adafactor with factored second moments: row and column statistics come out of a jitted
init with out_shardings built from a str Enum of mesh axes; the column statistics are
collected for a checkpoint summary."""
from enum import Enum

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxis(str, Enum):
    FSDP = "fsdp"
    TP = "tp"


STAT_SPECS = {"row": P(MeshAxis.FSDP.value), "col": P(MeshAxis.TP.value)}
SUMMARY_SPECS = {"row": P(None, reduced={MeshAxis.FSDP.value}),
                 "col": P(None, reduced={MeshAxis.FSDP.value})}


def factored_init(mesh):
    def init(w):
        return {"row": jnp.mean(w * w, axis=1), "col": jnp.mean(w * w, axis=0)}

    out = {k: NamedSharding(mesh, s) for k, s in STAT_SPECS.items()}
    return jax.jit(init, out_shardings=out)


def inputs():
    return (np.linspace(-1, 1, 16 * 8, dtype=np.float32).reshape(16, 8),)


def main(w):
    mesh = jax.make_mesh((4, 2), (MeshAxis.FSDP.value, MeshAxis.TP.value))
    with jax.set_mesh(mesh):
        w = jax.device_put(w, NamedSharding(mesh, P(MeshAxis.FSDP.value, MeshAxis.TP.value)))
        stats = factored_init(mesh)(w)
        summary = {}
        for name in ("row", "col"):
            summary[name] = top_level_all_gather(stats[name], SUMMARY_SPECS[name])
        return {k: jax.reshard(v, P()) for k, v in summary.items()}


if __name__ == "__main__":
    print(main(*inputs()))
