import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def gather_for_eval(logits, mesh):
    logits = jax.device_put(logits, NamedSharding(mesh, P("data", None)))
    return top_level_all_gather(logits, NamedSharding(mesh, P(None, None, reduced={"data"})))


def inputs():
    return (np.arange(8 * 3, dtype=np.float32).reshape(8, 3),)


def main(logits):
    mesh = jax.make_mesh((8,), ("data",))
    return gather_for_eval(logits, mesh)
