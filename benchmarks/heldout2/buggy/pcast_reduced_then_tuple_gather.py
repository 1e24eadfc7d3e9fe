import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA, MODEL = "data", "model"


def ema_update(ema, grad):
    g = jax.lax.psum(grad, DATA)
    new = 0.9 * ema + g
    g = jax.lax.pcast(g, DATA, to="reduced")
    full = jax.lax.all_gather(g, (DATA, MODEL), to="reduced", tiled=True)
    return new, full


def inputs():
    return np.zeros((4, 8), np.float32), np.ones((8, 8), np.float32)


def main(ema, grad):
    mesh = jax.make_mesh((2, 4), (DATA, MODEL))
    ema = jax.device_put(ema, NamedSharding(mesh, P(None, MODEL)))
    grad = jax.device_put(grad, NamedSharding(mesh, P(DATA, MODEL)))
    f = jax.shard_map(ema_update, mesh=mesh, in_specs=(P(None, MODEL), P(DATA, MODEL)),
                      out_specs=(P(None, MODEL), P(None, None, reduced={DATA, MODEL})))
    return f(ema, grad)
