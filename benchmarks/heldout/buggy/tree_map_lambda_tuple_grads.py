import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4), np.arange(8, dtype=np.float32))


def main(w, b):
    mesh = jax.make_mesh((8, 1), ('replica', 'model'))
    w = jax.device_put(w, NamedSharding(mesh, P('replica', None)))
    b = jax.device_put(b, NamedSharding(mesh, P('replica')))

    def sync(w, b):
        grads = {'w': jnp.sum(w, axis=0), 'b': jnp.sum(b, keepdims=True)}
        grads = jax.tree.map(lambda g: jax.lax.pmean(g, ('replica', 'model')), grads)
        return grads['w'], grads['b']

    return jax.shard_map(sync, mesh=mesh, in_specs=(P('replica', None), P('replica')),
                         out_specs=(P(), P()))(w, b)


if __name__ == "__main__":
    print(main(*inputs()))
