"""Checkpoint export for an FSDP+TP model: parameters are placed from a spec table and
each one is gathered to its export layout before it is written."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_SPECS = {
    "embed": P(("fsdp", "tp"), None),
    "mlp_in": P("fsdp", "tp"),
    "mlp_out": P("tp", "fsdp"),
}
EXPORT_SPECS = {
    "embed": P("tp", None, reduced={"fsdp"}),
    "mlp_in": P("fsdp", None, reduced={"tp"}),
    "mlp_out": P("tp", None, reduced={"fsdp"}),
}


def inputs():
    rng = np.random.default_rng(20)
    return ({
        "embed": rng.normal(size=(16, 4)).astype(np.float32),
        "mlp_in": rng.normal(size=(8, 8)).astype(np.float32),
        "mlp_out": rng.normal(size=(8, 8)).astype(np.float32),
    },)


def export(params, name):
    return np.asarray(top_level_all_gather(params[name], EXPORT_SPECS[name]))


def main(params):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    placed = {k: jax.device_put(v, NamedSharding(mesh, TRAIN_SPECS[k])) for k, v in params.items()}
    with jax.set_mesh(mesh):
        written = {name: export(placed, name) for name in ("mlp_in", "mlp_out")}
        written["embed"] = top_level_all_gather(placed["embed"], EXPORT_SPECS["embed"])
    return written
