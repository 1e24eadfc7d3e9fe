import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def polyak_average(w_shard, n_steps=3, decay=0.99):
    w = jax.lax.all_gather(w_shard, "d", to="reduced", tiled=True)

    def step(avg, _):
        avg = avg * decay
        return avg, None

    avg, _ = jax.lax.scan(step, w, None, length=n_steps)
    return avg


def inputs():
    return (np.ones((16,), np.float32),)


def main(w):
    mesh = jax.make_mesh((8,), ("d",))
    w = jax.device_put(w, NamedSharding(mesh, P("d")))
    return jax.shard_map(polyak_average, mesh=mesh, in_specs=P("d"), out_specs=P(None, reduced={"d"}))(w)
