import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


class ReplicatedActivation:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, h):
        h = lax.all_gather(h, self.axis, axis=-1, tiled=True, to="reduced")
        h = jnp.tanh(h).astype(jnp.bfloat16)
        return (h * h).reshape(-1)


def inputs():
    return (np.linspace(-1, 1, 64, dtype=np.float32).reshape(4, 16),)


def main(h):
    mesh = jax.make_mesh((4, 2), ("model", "data"))
    h = jax.device_put(h, NamedSharding(mesh, P(None, "model")))
    f = jax.shard_map(ReplicatedActivation("model"), mesh=mesh, in_specs=P(None, "model"),
                      out_specs=P(reduced={"model"}))
    return f(h)


if __name__ == "__main__":
    print(main(*inputs()))
