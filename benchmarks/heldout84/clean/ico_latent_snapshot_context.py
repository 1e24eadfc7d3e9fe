"""Run the processor on the icosahedral mesh and snapshot the mesh latents for inspection."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SHAPE = (4, 2)
MESH_AXES = ("nodes", "channels")
LATENT_SPEC = P("nodes", "channels")
SNAPSHOT_SPEC = P(None, "channels", reduced={"nodes"})


def message_passing_step(latents, adjacency, weights):
    messages = adjacency @ latents
    return latents + jax.nn.swish(messages * weights)


def make_processor(num_steps):
    def process(latents, adjacency, weights):
        for _ in range(num_steps):
            latents = message_passing_step(latents, adjacency, weights)
        return latents
    return process


class LatentSnapshotter:
    def __init__(self, mesh):
        self.mesh = mesh
        self.snapshots = []

    def __enter__(self):
        self._ctx = jax.set_mesh(self.mesh)
        self._ctx.__enter__()
        return self

    def __exit__(self, *exc):
        return self._ctx.__exit__(*exc)

    def capture(self, latents):
        self.snapshots.append(top_level_all_gather(latents, SNAPSHOT_SPEC))
        return self.snapshots[-1]


def inputs():
    rng = np.random.default_rng(13)
    latents = rng.normal(size=(12, 8)).astype(np.float32)
    adjacency = (rng.random(size=(12, 12)) < 0.3).astype(np.float32)
    weights = rng.normal(size=(8,)).astype(np.float32)
    return latents, adjacency, weights


def main(latents, adjacency, weights):
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    latents = jax.device_put(latents, NamedSharding(mesh, LATENT_SPEC))
    adjacency = jax.device_put(adjacency, NamedSharding(mesh, P()))
    weights = jax.device_put(weights, NamedSharding(mesh, P("channels")))
    process = jax.jit(make_processor(num_steps=2), out_shardings=NamedSharding(mesh, LATENT_SPEC))
    with LatentSnapshotter(mesh) as snapshotter:
        latents = process(latents, adjacency, weights)
        return snapshotter.capture(latents)


if __name__ == "__main__":
    print(main(*inputs()).sharding)
