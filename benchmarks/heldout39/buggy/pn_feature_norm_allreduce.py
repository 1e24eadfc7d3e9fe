import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("batch", "feat"))


class SharedMLP:
    channel_axis = "feat"

    def __init__(self, w):
        self.w = w

    def features(self, p):
        return jax.nn.relu(jnp.einsum("bnc,cf->bnf", p, self.w))

    def gathered(self, p):
        return jax.lax.all_gather(self.features(p), self.channel_axis, axis=2, tiled=True, to="reduced")


@functools.partial(
    jax.shard_map,
    mesh=MESH,
    in_specs=(P("batch", None, None), P(None, "feat")),
    out_specs=P("batch", None, None),
)
def normalised_features(points, w):
    mlp = SharedMLP(w)
    full = mlp.gathered(points)
    sq = jax.lax.psum(full * full, mlp.channel_axis)
    return jax.lax.rsqrt(sq + 1e-6)


def inputs():
    rng = np.random.default_rng(2)
    return rng.normal(size=(4, 8, 3)).astype(np.float32), rng.normal(size=(3, 8)).astype(np.float32)


def main(points, w):
    points = jax.device_put(points, NamedSharding(MESH, P("batch", None, None)))
    w = jax.device_put(w, NamedSharding(MESH, P(None, "feat")))
    out = normalised_features(points, w)
    print(out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
