"""Denoising score matching loss, normalised by how often each noise level was drawn."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SIGMAS = np.geomspace(0.01, 50.0, 8).astype(np.float32)


class DenoisingScoreMatching:
    batch_axis = "batch"
    pixel_axis = "pixel"

    def __init__(self, sigmas):
        self.sigmas = jnp.asarray(sigmas)

    def level_counts(self, levels):
        hits = jax.nn.one_hot(levels, self.sigmas.shape[0]).sum(axis=0)
        return jax.lax.psum(hits, self.batch_axis)

    def for_logger(self, per_sample):
        return jax.lax.all_gather(per_sample, self.pixel_axis, to="reduced")

    def loss(self, x0, noise, levels):
        sigma = self.sigmas[levels][:, None]
        target = -noise / sigma
        score = -(x0 + sigma * noise - x0) / sigma ** 2
        per_sample = jnp.sum((sigma * (score - target)) ** 2, axis=-1)
        per_sample = jax.lax.psum(per_sample, self.pixel_axis)
        counts = self.level_counts(levels)
        return per_sample / counts[levels], self.for_logger(per_sample)


def inputs():
    rng = np.random.default_rng(2)
    x0 = rng.standard_normal((8, 16), dtype=np.float32)
    noise = rng.standard_normal((8, 16), dtype=np.float32)
    levels = rng.integers(0, len(SIGMAS), size=(8,)).astype(np.int32)
    return x0, noise, levels


def main(x0, noise, levels):
    mesh = jax.make_mesh((4, 2), ("batch", "pixel"))
    x0 = jax.device_put(x0, NamedSharding(mesh, P("batch", "pixel")))
    noise = jax.device_put(noise, NamedSharding(mesh, P("batch", "pixel")))
    levels = jax.device_put(levels, NamedSharding(mesh, P("batch")))
    dsm = DenoisingScoreMatching(SIGMAS)
    per_sample, counts = jax.shard_map(
        dsm.loss, mesh=mesh,
        in_specs=(P("batch", "pixel"), P("batch", "pixel"), P("batch")),
        out_specs=(P("batch"), P(None, "batch", reduced={"pixel"})),
    )(x0, noise, levels)
    print(per_sample, counts)
    return per_sample


if __name__ == "__main__":
    main(*inputs())
