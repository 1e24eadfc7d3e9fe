"""Space-time GroupNorm for a video UNet block, with its statistics logged per step."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SpaceTimeGroupNorm:
    def __init__(self, axes=("time", "space"), eps=1e-5):
        self.axes = axes
        self.eps = eps

    def stats(self, x):
        mu = jax.lax.pmean(x.mean(), self.axes)
        var = jax.lax.pmean(jnp.square(x - mu).mean(), self.axes)
        return mu, var

    def __call__(self, x, scale, shift):
        mu, var = self.stats(x)
        return (x - mu) * jax.lax.rsqrt(var + self.eps) * scale + shift


def block(norm):
    def body(x, scale, shift):
        h = jax.nn.silu(norm(x, scale, shift))
        mu, var = norm.stats(x)
        log = jax.lax.all_gather(jnp.stack([mu, var]), norm.axes[0], to="reduced")
        return h, log

    return body


def inputs():
    rng = np.random.default_rng(0)
    video = rng.normal(size=(8, 16, 4)).astype(np.float32)  # frames, tokens, channels
    return video, np.ones(4, np.float32), np.zeros(4, np.float32)


def main(video, scale, shift):
    mesh = jax.make_mesh((2, 4), ("time", "space"))
    norm = SpaceTimeGroupNorm()
    video = jax.device_put(video, NamedSharding(mesh, P("time", "space", None)))
    scale, shift = (jax.device_put(a, NamedSharding(mesh, P())) for a in (scale, shift))
    return jax.shard_map(block(norm), mesh=mesh,
                         in_specs=(P("time", "space", None), P(), P()),
                         out_specs=(P("time", "space", None), P(reduced={"time"})))(video, scale, shift)


if __name__ == "__main__":
    h, log = main(*inputs())
    print(h.shape, log)
