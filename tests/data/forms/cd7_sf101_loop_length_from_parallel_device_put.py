import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def body(s, y):
    alphas = []
    for k in reversed(range(s.shape[0])):
        alphas.append(jax.lax.psum(jnp.sum(s[k] * y[k]), "i"))
    return jax.lax.all_gather(jnp.stack(alphas), "i", to="reduced")  # SF101


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    s_hist = np.ones((3, 8), np.float32)
    y_hist = np.ones((3, 8), np.float32)
    hist = NamedSharding(mesh, P(None, "i"))
    s_hist, y_hist = jax.device_put(s_hist, hist), jax.device_put(y_hist, hist)
    return jax.shard_map(body, mesh=mesh, in_specs=(P(None, "i"), P(None, "i")),
                         out_specs=P(reduced={"i"}))(s_hist, y_hist)
