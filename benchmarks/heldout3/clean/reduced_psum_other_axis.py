import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


class Pooler:
    seq_axis = "seq"
    batch_axis = "batch"

    def __call__(self, x):
        h = lax.all_gather(x, self.seq_axis, axis=1, tiled=True, to="reduced")
        h = jnp.tanh(h)
        return lax.psum(h, self.batch_axis)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8) / 64,)


def main(x):
    mesh = jax.make_mesh((2, 4), ("batch", "seq"))
    x = jax.device_put(x, NamedSharding(mesh, P("batch", "seq")))
    f = jax.shard_map(Pooler(), mesh=mesh, in_specs=P("batch", "seq"),
                      out_specs=P(None, None, reduced={"seq"}))
    return f(x)


if __name__ == "__main__":
    print(main(*inputs()))
