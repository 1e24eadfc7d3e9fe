"""T5X-like checkpoint export: params placed by jax.tree.map over a table of partition specs."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPECS = {
    "encoder": {"kernel": P(("data", "model"), None), "scale": P(None)},
    "decoder": {"kernel": P(None, "model"), "scale": P(None)},
}
EXPORT_SPECS = {"encoder": P("model", None), "decoder": P(None, None, reduced={"model"})}


def inputs():
    rng = np.random.default_rng(18)
    params = {
        "encoder": {"kernel": rng.normal(size=(16, 4)).astype(np.float32), "scale": np.ones(4, np.float32)},
        "decoder": {"kernel": rng.normal(size=(4, 8)).astype(np.float32), "scale": np.ones(8, np.float32)},
    }
    return (params,)


def main(params):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), params, PARAM_SPECS)
        exported = {}
        exported["decoder"] = top_level_all_gather(placed["decoder"]["kernel"], EXPORT_SPECS["decoder"])
        exported["encoder"] = top_level_all_gather(placed["encoder"]["kernel"], EXPORT_SPECS["encoder"])
    return exported
