"""T5X-like export: a leaf laid out over (data, model) gathered with a valid two-axis prefix."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPECS = {"encoder": {"kernel": P(("data", "model"), None)}}
EXPORT_SPECS = {"encoder": P("data", None, reduced={"model"})}


def inputs():
    return ({"encoder": {"kernel": np.random.default_rng(49).normal(size=(16, 4)).astype(np.float32)}},)


def main(params):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), params, PARAM_SPECS)
        out = top_level_all_gather(placed["encoder"]["kernel"], EXPORT_SPECS["encoder"])
        return jax.reshard(out, P("data", None))
