import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

NEW_GATHER = tuple(int(p) for p in jax.__version__.split(".")[:2]) >= (0, 10)


def gather_rows(x, axis_name):
    if NEW_GATHER:
        return jax.lax.all_gather(x, axis_name, axis=0, tiled=True, to="invarying")
    return jax.lax.all_gather_invariant(x, axis_name, axis=0, tiled=True)


def main():
    mesh = Mesh(np.array(jax.devices()), ("r",))
    f = jax.jit(jax.shard_map(lambda x: gather_rows(x, "r").sum(axis=0), mesh=mesh,
                              in_specs=P("r"), out_specs=P()))
    print(np.asarray(f(jax.device_put(np.arange(16, dtype=np.float32).reshape(8, 2),
                                      NamedSharding(mesh, P("r"))))).tolist())


if __name__ == "__main__":
    main()
