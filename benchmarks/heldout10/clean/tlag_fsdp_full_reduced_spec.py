"""Checkpoint export for FSDP+TP parameters placed from a spec table: every export spec
lists the gathered axes as reduced."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_SPECS = {"embed": P(("fsdp", "tp"), None), "mlp_in": P("fsdp", "tp")}
EXPORT_SPECS = {
    "embed": P(None, None, reduced={"fsdp", "tp"}),
    "mlp_in": P("fsdp", None, reduced={"tp"}),
}


def inputs():
    rng = np.random.default_rng(106)
    return ({"embed": rng.normal(size=(16, 4)).astype(np.float32),
             "mlp_in": rng.normal(size=(8, 8)).astype(np.float32)},)


def main(params):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    placed = {k: jax.device_put(v, NamedSharding(mesh, TRAIN_SPECS[k])) for k, v in params.items()}
    with jax.set_mesh(mesh):
        return {name: np.asarray(top_level_all_gather(placed[name], EXPORT_SPECS[name]))
                for name in placed}
