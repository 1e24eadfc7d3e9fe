"""DiT final layer: adaLN-modulated projection, channels gathered for unpatchify, output clipped."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class FinalLayer:
    def __init__(self, out_channels, axis_name="tp", clip=1.0):
        self.out_channels = out_channels
        self.axis_name = axis_name
        self.clip = clip

    def unpatchify(self, x):
        return jax.lax.all_gather(x, self.axis_name, axis=1, tiled=True, to="reduced")

    def __call__(self, h, w):
        x = jnp.tanh(h @ w)
        x = self.unpatchify(x)
        return jnp.clip(x, -self.clip, self.clip)


def inputs():
    rng = np.random.default_rng(7)
    return (rng.standard_normal((8, 8)).astype(np.float32),
            rng.standard_normal((8, 8)).astype(np.float32))


def main(h, w):
    mesh = jax.make_mesh((4, 2), ("batch", "tp"))
    h = jax.device_put(h, NamedSharding(mesh, P("batch", None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "tp")))
    layer = FinalLayer(out_channels=8)
    return jax.shard_map(layer, mesh=mesh, in_specs=(P("batch", None), P(None, "tp")),
                         out_specs=P("batch", None))(h, w)


if __name__ == "__main__":
    main(*inputs())
