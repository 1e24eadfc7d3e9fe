import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_LAYERS = 2


def inputs():
    return (np.arange(2 * 8 * 8, dtype=np.float32).reshape(2, 8, 8) / 100.0,)


def main(stack):
    mesh = jax.make_mesh((2, 4), ('data', 'model'))
    stack = jax.device_put(stack, NamedSharding(mesh, P(None, 'data', 'model')))

    def gather_all(stack):
        rows = jax.lax.all_gather(stack, 'data', axis=1, tiled=True, to='reduced')
        outs = []
        for l in range(N_LAYERS):
            layer_w = jax.lax.all_gather(rows[l], ('data', 'model'), axis=1, tiled=True, to='reduced')
            outs.append(layer_w)
        return jnp.stack(outs)

    return jax.shard_map(gather_all, mesh=mesh, in_specs=P(None, 'data', 'model'),
                         out_specs=P(None, None, None, reduced={'data', 'model'}))(stack)


if __name__ == "__main__":
    print(main(*inputs()))
