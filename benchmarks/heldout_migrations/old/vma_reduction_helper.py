import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def global_mean(x, axes=("i", "j")):
    varying = tuple(a for a in axes if a in jax.typeof(x).vma)
    total = jax.lax.psum(jnp.sum(x), varying) if varying else jnp.sum(x)
    count = x.size
    for a in varying:
        count *= jax.lax.axis_size(a)
    return total / count


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    f = jax.jit(jax.shard_map(lambda a, b: (global_mean(a), global_mean(b)), mesh=mesh,
                              in_specs=(P("i", "j"), P("i")), out_specs=(P(), P())))
    a = jax.device_put(np.arange(32, dtype=np.float32).reshape(4, 8), NamedSharding(mesh, P("i", "j")))
    b = jax.device_put(np.arange(6, dtype=np.float32), NamedSharding(mesh, P("i")))
    ma, mb = f(a, b)
    print(float(ma), float(mb))


if __name__ == "__main__":
    main()
