import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def radius_mask(d2, axis, params={"radius": 0.8}):
    full = jax.lax.all_gather(d2, axis, axis=1, tiled=True, to="reduced")
    within = jnp.less_equal(full, params["radius"] ** 2)
    return jnp.max(within, axis=1)


def inputs():
    rng = np.random.default_rng(35)
    return (rng.random(size=(4, 32)).astype(np.float32),)


def main(d2):
    mesh = jax.make_mesh((2, 4), ("cloud", "chunk"))
    d2 = jax.device_put(d2, NamedSharding(mesh, P("cloud", "chunk")))
    mask = jax.shard_map(
        lambda d: radius_mask(d, "chunk"), mesh=mesh, in_specs=P("cloud", "chunk"), out_specs=P("cloud")
    )(d2)
    print(mask)
    return mask


if __name__ == "__main__":
    main(*inputs())
