"""Grid-to-mesh encoder with a halo exchange between neighbouring mesh-node shards."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class HaloExchange:
    def __init__(self, axis_name, num_shards):
        self.axis_name = axis_name
        self.num_shards = num_shards

    @property
    def forward(self):
        return [(i, (i + 1) % self.num_shards) for i in range(self.num_shards)]

    def __call__(self, x):
        return jax.lax.ppermute(x, self.axis_name, self.forward)


def make_grid2mesh(node_axis, num_shards):
    halo = HaloExchange(node_axis, num_shards)
    gather_nodes = functools.partial(jax.lax.all_gather, axis_name=node_axis, axis=0, tiled=True)

    def encode(grid_features, mesh_latents):
        n_mesh, width = mesh_latents.shape
        coarse = grid_features.reshape(n_mesh, -1, width).mean(axis=1)
        local = mesh_latents + coarse
        context = gather_nodes(local, to="reduced")
        upstream = halo(context)
        return local + upstream[:n_mesh], context
    return encode


def inputs():
    rng = np.random.default_rng(12)
    return (rng.normal(size=(24, 8)).astype(np.float32),
            rng.normal(size=(12, 8)).astype(np.float32))


def main(grid_features, mesh_latents):
    mesh = jax.make_mesh((4, 2), ("nodes", "channels"))
    spec = P("nodes", "channels")
    grid_features = jax.device_put(grid_features, NamedSharding(mesh, spec))
    mesh_latents = jax.device_put(mesh_latents, NamedSharding(mesh, spec))
    encode = make_grid2mesh("nodes", mesh.shape["nodes"])
    step = jax.shard_map(encode, mesh=mesh, in_specs=(spec, spec), out_specs=(spec, P(None, "channels", reduced={"nodes"})))
    return jax.jit(step)(grid_features, mesh_latents)


if __name__ == "__main__":
    latents, context = main(*inputs())
    print(latents.shape, context.shape)
