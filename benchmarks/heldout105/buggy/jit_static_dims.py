import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather
from functools import partial

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


@partial(jax.jit, static_argnums=1)
def export(a, dims):
    spec = jax.typeof(a).sharding.spec
    gathered = {spec[d] for d in dims}
    out_spec = P(*(None if d in dims else spec[d] for d in range(2)), reduced=gathered)
    return top_level_all_gather(a, out_spec)


def main(x=None):
    if x is None:
        (x,) = inputs()
    with jax.set_mesh(mesh):
        x = jax.device_put(x, P("data", "model"))
        out = export(x, (0, 1))
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
