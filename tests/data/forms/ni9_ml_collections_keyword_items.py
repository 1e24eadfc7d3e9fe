import jax
import ml_collections
from jax import lax
from jax.sharding import PartitionSpec as P


def get_config():
    config = ml_collections.ConfigDict({"axis": "j"})
    config.unlock()
    config.update({"axis": "i"})  # update: the item is not the one written at the top
    return config


def run(mesh, x):
    config = get_config()
    f = jax.shard_map(lambda v: lax.all_gather(v, config.axis, tiled=True, to="reduced"),
                      mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))
    return f(x)
