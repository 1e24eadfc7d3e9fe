import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def varying_axes(x):
    if jax.__version_info__ >= (0, 10, 0):
        return set(jax.typeof(x).mat.varying)
    return set(jax.typeof(x).vma)


def body(a):
    before = len(varying_axes(a))
    s = jax.lax.psum(a, "j")
    after = len(varying_axes(s))
    return s * (10 * before + after)


def main():
    mesh = Mesh(np.array(jax.devices()).reshape(2, 4), ("i", "j"))
    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i")))
    a = jax.device_put(np.ones((2, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    print(np.asarray(f(a)).tolist())


if __name__ == "__main__":
    main()
