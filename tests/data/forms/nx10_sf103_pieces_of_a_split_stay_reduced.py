"""`k, v = jnp.split(kv, 2, axis=-1)` of a gathered-to-reduced value: each piece is a slice and
stays reduced, so a max over the reduced axis of one of them is rejected. The head axis is read
off a config the script builds from a generator."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def axes():
    yield "data"
    yield "heads"


def main():
    names = list(axes())
    mesh = jax.make_mesh((2, 4), names)
    head = names[1]

    def body(x):
        kv = jax.lax.all_gather(x, head, axis=-1, tiled=True, to="reduced")
        k, v = jnp.split(kv, 2, axis=-1)
        bound = jax.lax.pmax(jnp.abs(k).sum(axis=-1), head)  # SF103
        return v, bound

    x = jax.device_put(np.ones((4, 8), np.float32), NamedSharding(mesh, P("data", head)))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", head), out_specs=(P("data", None, reduced={head}), P("data")))(x)


if __name__ == "__main__":
    main()
