"""A flax-nnx-like Dropout whose RNG stream is gathered: each 'dp' shard draws its uniforms,
the module gathers them (reduced) so every shard sees the global mask, then thresholds them."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Rngs:
    def __init__(self, seed):
        self.key = jax.random.key(seed)

    def __call__(self):
        self.key, sub = jax.random.split(self.key)
        return sub


class Dropout:
    def __init__(self, rate, axis_name="dp"):
        self.rate = rate
        self.axis_name = axis_name

    def __call__(self, x, u):
        if u.ndim != x.ndim:
            u = u.reshape(x.shape)
        u_all = jax.lax.all_gather(u, self.axis_name, axis=0, tiled=True, to="reduced")
        keep = u_all >= self.rate
        return keep


def inputs():
    u = np.asarray(jax.random.uniform(Rngs(0)(), (16, 4)), dtype=np.float32)
    x = np.ones((16, 4), np.float32)
    return x, u


def main(x, u):
    mesh = jax.make_mesh((8,), ("dp",))
    drop = Dropout(0.1)
    x = jax.device_put(x, NamedSharding(mesh, P("dp")))
    u = jax.device_put(u, NamedSharding(mesh, P("dp")))
    f = jax.shard_map(drop, mesh=mesh, in_specs=(P("dp"), P("dp")), out_specs=P(reduced={"dp"}))
    return f(x, u)


if __name__ == "__main__":
    print(main(*inputs()))
