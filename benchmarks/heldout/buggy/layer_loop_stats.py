import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NUM_LAYERS = 3


def inputs():
    x = np.arange(32, dtype=np.float32).reshape(8, 4) / 32.0
    ws = np.stack([np.eye(4, dtype=np.float32) * (i + 1) for i in range(NUM_LAYERS)])
    return x, ws


def main(x, ws):
    mesh = jax.make_mesh((4, 2), ('data', 'model'))
    x = jax.device_put(x, NamedSharding(mesh, P('data', None)))
    ws = jax.device_put(ws, NamedSharding(mesh, P()))

    def forward(x, ws):
        stats = []
        for i in range(NUM_LAYERS):
            x = jnp.tanh(x @ ws[i])
            m = jax.lax.psum(jnp.sum(x, axis=0, keepdims=True), 'data')
            stats.append(jax.lax.all_gather(m, 'data', axis=0, tiled=True, to='reduced'))
        return x, jnp.concatenate(stats, axis=0)

    return jax.shard_map(forward, mesh=mesh, in_specs=(P('data', None), P()),
                         out_specs=(P('data', None), P(None, None, reduced={'data'})))(x, ws)


if __name__ == "__main__":
    print(main(*inputs()))
