import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def weight_energy(w_shard):
    w = jax.lax.all_gather(w_shard, "shard", to="reduced", tiled=True)
    energy = w * w
    energy = energy + w
    return energy.sum()


def inputs():
    return (np.arange(16, dtype=np.float32),)


def main(w):
    mesh = jax.make_mesh((8,), ("shard",))
    w = jax.device_put(w, NamedSharding(mesh, P("shard")))
    return jax.shard_map(weight_energy, mesh=mesh, in_specs=P("shard"), out_specs=P(reduced={"shard"}))(w)
