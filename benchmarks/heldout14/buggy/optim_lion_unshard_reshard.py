"""Lion with ZeRO-sharded momentum: the momentum is unsharded for the sign update of the
full parameters, then handed back to the shards with a reduce-scatter."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = "zero"


def lion_update(m_shard, g_shard, b1=0.9, b2=0.99, lr=1e-3):
    m_full, g_full = jax.tree.map(
        lambda t: jax.lax.all_gather(t, AXIS, axis=0, tiled=True, to="reduced"), (m_shard, g_shard))
    update = jnp.sign(b1 * m_shard + (1.0 - b1) * g_shard)
    m_new_full = jax.tree.map(lambda m, g: m + g, m_full, g_full)
    m_back = jax.tree.map(lambda t: jax.lax.psum_scatter(t, AXIS, scatter_dimension=0, tiled=True),
                          m_new_full)
    return -lr * update, b2 * m_shard + (1.0 - b2) * g_shard, m_back


def inputs():
    return np.zeros((16, 4), np.float32), np.linspace(-1, 1, 64, dtype=np.float32).reshape(16, 4)


def main(m, g):
    mesh = jax.make_mesh((8,), (AXIS,))
    m, g = (jax.device_put(a, NamedSharding(mesh, P(AXIS, None))) for a in (m, g))
    spec = P(AXIS, None)
    f = jax.shard_map(lion_update, mesh=mesh, in_specs=(spec, spec), out_specs=(spec, spec, spec))
    return f(m, g)


if __name__ == "__main__":
    print(main(*inputs()))
