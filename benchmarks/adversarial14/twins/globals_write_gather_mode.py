"""globals()['TO'] = 'varying' before the gather of a psum result."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

TO = "reduced"


def configure():
    globals()["OTHER"] = "varying"


def gather(mesh, x, to):
    def body(block):
        total = jax.lax.psum(block, "i")
        return jax.lax.all_gather(total, "i", to=to, tiled=True)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)


def main(mesh, x):
    configure()
    return gather(mesh, x, TO)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
