import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    w = np.arange(32, dtype=np.float32).reshape(8, 4) / 8.0
    b = np.arange(8, dtype=np.float32)
    return w, b


def main(w, b):
    mesh = jax.make_mesh((2, 4), ('data', 'model'))
    w = jax.device_put(w, NamedSharding(mesh, P('data', 'model')))
    b = jax.device_put(b, NamedSharding(mesh, P('data')))

    def sync(w, b):
        grads = {'w': w * 0.5, 'b': b * 0.5}
        grads = jax.tree.map(lambda g: jax.lax.psum(g, 'data'), grads)
        gathered = jax.lax.all_gather(grads, 'data', tiled=True, to='reduced')
        return gathered['w'], gathered['b']

    f = jax.shard_map(sync, mesh=mesh, in_specs=(P('data', 'model'), P('data')),
                      out_specs=(P(None, 'model', reduced={'data'}), P(reduced={'data'})))
    return f(w, b)


if __name__ == "__main__":
    print(main(*inputs()))
