import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(3 * 8 * 4, dtype=np.float32).reshape(3, 8, 4) / 10.0,)


def main(ws):
    mesh = jax.make_mesh((2, 4), ('stage', 'shard'))
    ws = jax.device_put(ws, NamedSharding(mesh, P(None, 'shard', None)))

    def layer_norms(ws):
        norms = []
        for i in range(ws.shape[0]):
            n = jnp.sum(ws[i] ** 2)
            norms.append(jax.lax.psum(n, ('stage', 'shard')))
        return jnp.stack(norms)

    return jax.shard_map(layer_norms, mesh=mesh, in_specs=P(None, 'shard', None),
                         out_specs=P())(ws)


if __name__ == "__main__":
    print(main(*inputs()))
